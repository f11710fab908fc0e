import type { CountryEntry } from '@gatehouse/contract';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { describedBy, FieldError } from '../auth-common/fields';
import { fetchCountries, fetchDefaultCountry } from '../auth-common/countries-api';

/**
 * Country of residence (spec §5): every country, the blocked ones (§6) listed but disabled, so a visitor
 * sees why their country cannot be chosen. Preselects the server's guess when it is allowed.
 */
export function ResidenceField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (iso: string) => void;
  error?: string | undefined;
}) {
  const t = useT('inverse');
  const [countries, setCountries] = useState<CountryEntry[] | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all([
      fetchCountries({ iso: true, withDisabled: true }).catch(() => []),
      fetchDefaultCountry().catch(() => null),
    ]).then(([list, preferred]) => {
      if (!live) return;
      setCountries(list);
      const guess = list.find((country) => country.iso === preferred?.country && !country.disabled);
      if (!value && guess) onChange(guess.iso);
    });
    return () => {
      live = false;
    };
    // Loaded once; `value` only decides whether to preselect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const hint = t('register.residence.hint');
  return (
    <div className="gh-field">
      <label htmlFor={id}>{t('register.residence.label')}</label>
      <select
        id={id}
        name="residence_country"
        autoComplete="country"
        required
        value={value}
        disabled={!countries}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{countries ? t('register.residence.choose') : t('auth.loadingCountries')}</option>
        {countries?.map((country) => (
          <option key={country.iso} value={country.iso} disabled={country.disabled}>
            {country.disabled ? t('register.residence.unavailable', { country: country.name }) : country.name}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="gh-hint">
        {hint}
      </p>
      <FieldError id={id} error={error} />
    </div>
  );
}
