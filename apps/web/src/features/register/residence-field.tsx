import { residenceOptions, type CountryEntry, type ResidenceGuideConfig } from '@gatehouse/contract';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { describedBy, FieldError } from '../../components/auth/fields';
import { useApiData } from '../../lib/use-api-data';
import { useBootstrap } from '../../lib/bootstrap-context';
import { usePageLocation } from '../../lib/page-location';
import { whenPageIdle } from '../../lib/when-page-idle';

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
  const { locale } = usePageLocation();
  const bootstrap = useBootstrap();
  // The list the server inlined in this page (issue 12), while the page is still in its language: the
  // select works at the first render. Only the guess, which depends on the visitor, needs a call.
  const inline = bootstrap.countries && bootstrap.locale === locale ? bootstrap.countries : null;
  // With the list inlined, the guess is a nicety that waits until the page is idle, so the API client
  // it needs never competes with the form's own code; without it, the form waits for the list anyway.
  const [asked, setAsked] = useState(!inline);
  useEffect(() => (asked ? undefined : whenPageIdle(() => setAsked(true))), [asked]);
  // Loaded once per mount; the server's guess is preselected when nothing is chosen yet.
  const { data } = useApiData(
    asked ? 'residence-countries' : null,
    async () => {
      const { fetchCountries, fetchDefaultCountry, fetchResidenceGuide } =
        await import('../../lib/countries-api');
      const [all, preferred, guide] = await Promise.all([
        inline ?? fetchCountries({ iso: true, withDisabled: true }).catch((): CountryEntry[] => []),
        fetchDefaultCountry().catch(() => null),
        fetchResidenceGuide().catch((): ResidenceGuideConfig | null => null),
      ]);
      // Spec §5: the dropdown follows the site's showMode (the server refuses the others anyway).
      const list = guide ? residenceOptions(all, guide) : all;
      return { list, preferred };
    },
    {
      onData: ({ list, preferred }) => {
        const guess = list.find((country) => country.iso === preferred?.country && !country.disabled);
        if (!value && guess) onChange(guess.iso);
      },
    },
  );
  const countries = data?.list ?? inline;
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
