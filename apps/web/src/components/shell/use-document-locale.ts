import { textDirection, translationLocale } from '@gatehouse/contract';
import { useEffect } from 'react';
import { useI18n } from '../../i18n';

/**
 * Keeps translations and `<html lang dir>` in step with the URL's locale. The server sets both for the
 * first paint; after a switch they change together once the new phrases are loaded, so the page never
 * shows right-to-left layout with the old language's text or the other way round.
 */
export function useDocumentLocale(locale: string): void {
  const i18n = useI18n();
  useEffect(() => {
    let current = true;
    const language = translationLocale(locale);
    void i18n.changeLanguage(language).then(() => {
      if (!current) return;
      const root = document.documentElement;
      // A BCP 47 tag for assistive technology: site ids such as `tr-TUR` map to `tr-TR`.
      root.lang = language;
      root.dir = textDirection(locale);
    });
    return () => {
      current = false;
    };
  }, [i18n, locale]);
}
