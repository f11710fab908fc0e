import { languageOptionsFor, translationLocale, type PageKind } from '@gatehouse/contract';
import { useId } from 'react';
import { useT } from '../../i18n';
import { useBootstrap } from '../../lib/bootstrap-context';
import { usePageLocation } from '../../lib/page-location';
import { useSwitchLanguage } from './use-switch-language';

/** A native <select>: keyboard, screen reader and mobile pickers work without extra code or bytes. */
export function LanguageSwitcher({ page }: { page: PageKind }) {
  const t = useT();
  const id = useId();
  const { siteDefinition } = useBootstrap();
  const { locale } = usePageLocation();
  const switchLanguage = useSwitchLanguage();
  const options = languageOptionsFor(siteDefinition, page);
  return (
    <div className="gh-lang">
      <label htmlFor={id} className="gh-visually-hidden">
        {t('header.language')}
      </label>
      <select id={id} value={locale} onChange={(event) => switchLanguage(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={translationLocale(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
