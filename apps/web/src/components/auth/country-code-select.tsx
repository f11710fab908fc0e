import type { CountryEntry } from '@gatehouse/contract';
import { useT } from '../../i18n';
import { fetchCountries, fetchDefaultCountry } from '../../lib/countries-api';
import { useApiData } from '../../lib/use-api-data';

/**
 * The calling-code picker of the mobile forms. Its own chunk: the country list is loaded only when a
 * mobile tab opens, so the login page stays small. A native select: keyboard type-ahead and screen
 * readers work as everywhere.
 */
export function CountryCodeSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useT('inverse');
  // Loaded once per mount; the answer seeds the first choice when there is none yet.
  const { data } = useApiData(
    'calling-codes',
    async () => {
      const [list, preferred] = await Promise.all([
        fetchCountries().catch((): CountryEntry[] => []),
        fetchDefaultCountry().catch(() => null),
      ]);
      const usable = list.filter((country) => country.calling_code && !country.disabled);
      return { usable, preferred };
    },
    {
      onData: ({ usable, preferred }) => {
        if (value) return;
        const pick =
          usable.find((country) => country.iso === preferred?.country) ??
          usable.find((country) => country.calling_code === preferred?.country_code) ??
          usable[0];
        if (pick) onChange(`${pick.iso}:${pick.calling_code ?? ''}`);
      },
    },
  );
  const countries = data?.usable ?? null;
  return (
    <div className="gh-field">
      <label htmlFor={id}>{t('auth.mobile.countryCode')}</label>
      <select id={id} value={value} disabled={!countries} onChange={(event) => onChange(event.target.value)}>
        {!countries && <option value="">{t('auth.loadingCountries')}</option>}
        {countries?.map((country) => (
          <option key={country.iso} value={`${country.iso}:${country.calling_code ?? ''}`}>
            {`+${country.calling_code ?? ''} ${country.name}`}
          </option>
        ))}
      </select>
    </div>
  );
}
