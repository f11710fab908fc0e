import { mobileStoreOf, type AppDownloadLinks } from '@gatehouse/contract';
import { Link } from 'wouter';
import { PageIntro } from '../../components/page-intro';
import { useT } from '../../i18n';
import { useBootstrap } from '../../lib/bootstrap-context';
import { useLocalePath } from '../../lib/page-location';

type Store = keyof AppDownloadLinks;
const STORES: readonly Store[] = ['ios', 'android'];

/**
 * The stores to show: this device's own when it has a link (an iPhone sees the App Store, an
 * Android phone Google Play), every configured one otherwise (a desktop, or no link for this device).
 */
export function storesToShow(links: AppDownloadLinks | undefined, userAgent: string): Store[] {
  const configured = STORES.filter((store) => Boolean(links?.[store]));
  const own = mobileStoreOf(userAgent);
  return own && configured.includes(own) ? [own] : configured;
}

/**
 * `/{lang}/download` (spec §2): where a mobile browser lands after login when downloads are allowed.
 * The store links come from the server's configuration (APP_DOWNLOAD_IOS_URL, APP_DOWNLOAD_ANDROID_URL)
 * in the page bootstrap; without any, the page says so. Continuing on the web is always offered.
 */
export function DownloadPage() {
  const t = useT('inverse');
  const to = useLocalePath();
  const { appDownload, product } = useBootstrap();
  const stores = storesToShow(appDownload, navigator.userAgent);
  return (
    <PageIntro title={t('pages.download.title')} text={t('pages.download.intro', { product })}>
      {stores.length > 0 ? (
        <ul className="gh-download-links">
          {stores.map((store) => (
            <li key={store}>
              <a className="gh-button" href={appDownload?.[store] ?? undefined} rel="noopener">
                {t(`also.download.${store}`)}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('also.download.unavailable', { product })}</p>
      )}
      <p>
        <Link href={to('/dashboard')}>{t('also.download.continueWeb')}</Link>
      </p>
    </PageIntro>
  );
}
