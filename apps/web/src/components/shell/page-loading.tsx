import { useT } from '../../i18n';

/** Shown while a page's code loads: announced politely, no layout jump. */
export function PageLoading() {
  const t = useT();
  return (
    <div role="status" className="gh-loading">
      <span className="gh-visually-hidden">{t('loading')}</span>
    </div>
  );
}
