import { useState } from 'react';
import { useT } from '../../i18n';
import { useBootstrap } from '../../lib/bootstrap-context';
import { readLocal, writeLocal } from '../../lib/local-flags';
import { usePageLocation } from '../../lib/page-location';
import { cookiePolicyUrl } from './cookie-policy-url';

/** Spec §3 "accepted-cookie flag": the key and value other apps of the brand read too. */
export const COOKIE_CONSENT_KEY = 'ACCEPT-GDPR-COOKIE';
const ACCEPTED = '1';

/** Shown until accepted; the link goes to the site's privacy policy, cookie policy or help-center notice. */
export function CookieBanner() {
  const t = useT();
  const { siteDefinition } = useBootstrap();
  const { locale } = usePageLocation();
  const [accepted, setAccepted] = useState(() => readLocal(COOKIE_CONSENT_KEY) === ACCEPTED);
  if (accepted) return null;

  const accept = () => {
    writeLocal(COOKIE_CONSENT_KEY, ACCEPTED);
    setAccepted(true);
  };
  const kind = siteDefinition.cookiePolicy;

  return (
    <div role="region" aria-label={t('cookie.label')} className="gh-cookie">
      <p>
        {t('cookie.text')}{' '}
        <a href={cookiePolicyUrl(kind, locale)} data-policy={kind}>
          {t(`cookie.policy.${kind}`)}
        </a>
      </p>
      <button type="button" className="gh-button" onClick={accept}>
        {t('cookie.accept')}
      </button>
    </div>
  );
}
