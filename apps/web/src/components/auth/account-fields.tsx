import { lazy, Suspense } from 'react';
import { useT } from '../../i18n';
import { TextField } from './fields';
import type { IdentifierKind } from '../../lib/auth/identifier';

const CountryCodeSelect = lazy(() =>
  import('./country-code-select').then((module) => ({ default: module.CountryCodeSelect })),
);

export interface AccountValue {
  kind: IdentifierKind;
  email: string;
  /** `ISO:callingCode` of the calling-code select. */
  country: string;
  mobile: string;
}

export const EMPTY_ACCOUNT: AccountValue = { kind: 'email', email: '', country: '', mobile: '' };

/**
 * E-mail and mobile tabs with their inputs, shared by login, sign-up and password reset. The tabs are
 * toggle buttons (one pressed); the mobile tab exists only where the site offers phone accounts.
 */
export function AccountFields({
  idPrefix,
  value,
  onChange,
  phoneAllowed,
  error,
  usernameAutocomplete,
  passkeyAutofill = false,
}: {
  idPrefix: string;
  value: AccountValue;
  onChange: (value: AccountValue) => void;
  phoneAllowed: boolean;
  error?: string | undefined;
  /** Login and reset fill a saved account (`username`); sign-up asks for a new one. */
  usernameAutocomplete: boolean;
  /** Login: the browser may offer passkeys in the account field's autofill (`username webauthn`). */
  passkeyAutofill?: boolean;
}) {
  const t = useT('inverse');
  const kind = phoneAllowed ? value.kind : 'email';
  const set = (changes: Partial<AccountValue>) => onChange({ ...value, ...changes });
  return (
    <>
      {phoneAllowed && (
        <div className="gh-tabs" role="group" aria-label={t('auth.kind.label')}>
          {(['email', 'mobile'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={kind === option}
              onClick={() => set({ kind: option })}
            >
              {t(`auth.kind.${option}`)}
            </button>
          ))}
        </div>
      )}
      {kind === 'email' ? (
        <TextField
          id={`${idPrefix}-email`}
          name="email"
          label={t('auth.email.label')}
          type="email"
          autoComplete={usernameAutocomplete ? (passkeyAutofill ? 'username webauthn' : 'username') : 'email'}
          autoCapitalize="off"
          spellCheck={false}
          required
          value={value.email}
          onChange={(event) => set({ email: event.target.value })}
          error={error}
        />
      ) : (
        <>
          <Suspense fallback={null}>
            <CountryCodeSelect
              id={`${idPrefix}-country-code`}
              value={value.country}
              onChange={(country) => set({ country })}
            />
          </Suspense>
          <TextField
            id={`${idPrefix}-mobile`}
            name="mobile"
            label={t('auth.mobile.label')}
            type="tel"
            inputMode="tel"
            autoComplete={usernameAutocomplete ? 'username' : 'tel-national'}
            required
            value={value.mobile}
            onChange={(event) => set({ mobile: event.target.value })}
            error={error}
          />
        </>
      )}
    </>
  );
}
