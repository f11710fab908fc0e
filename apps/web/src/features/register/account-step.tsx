import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { useBootstrap } from '../../lib/bootstrap-context';
import { useLocalePath } from '../../lib/page-location';
import { useT } from '../../i18n';
import { AccountFields, EMPTY_ACCOUNT, type AccountValue } from '../../components/auth/account-fields';
import { useAuthFlow } from '../../lib/auth/auth-flow';
import { FieldError, FormAlert, StepHeading } from '../../components/auth/fields';
import { callingCodeOf, identifierError, identifierOf, type Identifier } from '../../lib/auth/identifier';
import { ResidenceField } from './residence-field';
import { useSubmit } from '../../lib/use-submit';
import { useFeatureFlags } from '../../lib/web-config/use-feature-flags';

export interface AccountDraft {
  account: AccountValue;
  identifier: Identifier;
  /** ISO alpha-2 country of residence. */
  residence: string;
  /** EU site: marketing consent (`ext_json.eu_subscription`). */
  euSubscription: boolean;
}

interface Errors {
  account?: string | undefined;
  residence?: string | undefined;
  confirm?: string | undefined;
}

/** Step 1: e-mail or mobile, country of residence and its confirmation (§5), EU marketing consent. */
export function AccountStep({
  focus,
  alert,
  initial,
  onUse,
  onSubmit,
}: {
  focus: boolean;
  alert: string | undefined;
  initial: Partial<Omit<AccountDraft, 'identifier'>>;
  /** The visitor started on the form (first focus): the page loads what submitting needs. */
  onUse?: () => void;
  onSubmit: (draft: AccountDraft) => Promise<void>;
}) {
  const t = useT('inverse');
  const { site, siteDefinition } = useBootstrap();
  const to = useLocalePath();
  const search = useSearch();
  const flow = useAuthFlow();
  const [account, setAccount] = useState<AccountValue>(initial.account ?? EMPTY_ACCOUNT);
  const [residence, setResidence] = useState(initial.residence ?? '');
  const [confirmed, setConfirmed] = useState(false);
  const [subscribe, setSubscribe] = useState(initial.euSubscription ?? false);
  const [errors, setErrors] = useState<Errors>({});
  const { submit: send, busy } = useSubmit(onSubmit);
  // The site offers mobile sign-up, and the operator has not switched it off (feature_flags).
  const flags = useFeatureFlags();
  const phoneAllowed = siteDefinition.phoneSignUp && flags.phoneSignUp !== false;
  const kind = phoneAllowed ? account.kind : 'email';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const accountKey = identifierError(kind, account.email, account.mobile);
    const next: Errors = {
      account: accountKey && t(accountKey),
      residence: residence ? undefined : t('register.residence.required'),
      confirm: confirmed ? undefined : t('register.residence.confirmRequired'),
    };
    setErrors(next);
    if (next.account || next.residence || next.confirm) {
      // After React has rendered the flags, focus the first field in error.
      setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
      return;
    }
    void send({
      account: { ...account, kind },
      identifier: identifierOf(kind, account.email, callingCodeOf(account.country), account.mobile),
      residence,
      euSubscription: subscribe,
    });
  };

  return (
    <form className="gh-form" method="post" noValidate onSubmit={submit} onFocus={onUse} aria-busy={busy}>
      <StepHeading focus={focus}>{t('register.account.title')}</StepHeading>
      <AccountFields
        idPrefix="register"
        value={account}
        onChange={setAccount}
        phoneAllowed={phoneAllowed}
        error={errors.account}
        usernameAutocomplete={false}
      />
      <ResidenceField
        id="register-residence"
        value={residence}
        onChange={setResidence}
        error={errors.residence}
      />
      <div className="gh-field">
        <div className="gh-check">
          <input
            id="register-confirm"
            type="checkbox"
            checked={confirmed}
            onChange={(event) => setConfirmed(event.target.checked)}
            aria-invalid={errors.confirm ? true : undefined}
            aria-describedby={errors.confirm ? 'register-confirm-error' : undefined}
          />
          <label htmlFor="register-confirm">{t('register.residence.confirm')}</label>
        </div>
        <FieldError id="register-confirm" error={errors.confirm} />
      </div>
      {site === 'EU' && (
        <div className="gh-check">
          <input
            id="register-subscribe"
            type="checkbox"
            checked={subscribe}
            onChange={(event) => setSubscribe(event.target.checked)}
          />
          <label htmlFor="register-subscribe">{t('register.euSubscription')}</label>
        </div>
      )}
      <FormAlert id="register-alert">{alert}</FormAlert>
      <button type="submit" className="gh-button" disabled={busy}>
        {t('register.account.submit')}
      </button>
      <p>
        {t('register.haveAccount')}{' '}
        <Link href={to(`${flow.links?.login ?? '/login'}${search ? `?${search}` : ''}`)}>
          {t('register.logIn')}
        </Link>
      </p>
    </form>
  );
}
