import { lazy, Suspense, useState } from 'react';
import { useT } from '../../i18n';
import { useBootstrap } from '../../lib/bootstrap-context';
import { usePageLocation } from '../../lib/page-location';
import { useApiData } from '../../lib/use-api-data';
import { fetchInviteSummary } from './channels-api';
import './channels.css';

// The QR encoder comes with its own chunk (components/qr-code.tsx), loaded when the section shows.
const QrCode = lazy(() => import('../../components/qr-code').then((m) => ({ default: m.QrCode })));

/**
 * The dashboard's "Invite friends": the account's code and invite link (`/{lang}/invite?ref=`), a copy
 * button, the link as a QR code, and how many people signed up with the code.
 */
export function InviteFriendsSection() {
  const t = useT('channels');
  const { origin } = useBootstrap();
  const { locale } = usePageLocation();
  const { data, error, loading, reload } = useApiData('invite-summary', fetchInviteSummary);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const link = data ? `${origin}/${locale}/invite?ref=${encodeURIComponent(data.code)}` : '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <section aria-labelledby="gh-invite-title" data-testid="invite-friends">
      <h2 id="gh-invite-title">{t('invite.title')}</h2>
      <p>{t('invite.intro')}</p>
      {loading && !data && <p role="status">{t('invite.loading')}</p>}
      {error !== undefined && !data && (
        <p role="alert">
          {t('invite.error')}{' '}
          <button type="button" onClick={reload}>
            {t('invite.retry')}
          </button>
        </p>
      )}
      {data && (
        <>
          <dl>
            <dt>{t('invite.code')}</dt>
            <dd data-testid="invite-code">{data.code}</dd>
            <dt>{t('invite.link')}</dt>
            <dd className="gh-invite-link" data-testid="invite-link">
              {link}
            </dd>
          </dl>
          <button type="button" className="gh-button" onClick={() => void copy()}>
            {t('invite.copy')}
          </button>
          <p role="status">
            {copied === 'yes' ? t('invite.copied') : copied === 'failed' ? t('invite.copyFailed') : ''}
          </p>
          <Suspense fallback={null}>
            <QrCode text={link} label={t('invite.qr')} />
          </Suspense>
          <p data-testid="invitee-count">{t('invite.invitees', { count: data.invitees })}</p>
        </>
      )}
    </section>
  );
}
