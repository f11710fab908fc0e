import type { CountryEntry } from '@gatehouse/contract';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { fetchCountries, fetchDefaultCountry } from './countries-api';

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
  const [countries, setCountries] = useState<CountryEntry[] | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all([fetchCountries().catch(() => []), fetchDefaultCountry().catch(() => null)]).then(
      ([list, preferred]) => {
        if (!live) return;
        const usable = list.filter((country) => country.calling_code && !country.disabled);
        setCountries(usable);
        if (!value) {
          const pick =
            usable.find((country) => country.iso === preferred?.country) ??
            usable.find((country) => country.calling_code === preferred?.country_code) ??
            usable[0];
          if (pick) onChange(`${pick.iso}:${pick.calling_code ?? ''}`);
        }
      },
    );
    return () => {
      live = false;
    };
    // Loaded once per mount; `value` and `onChange` only seed the first choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
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
