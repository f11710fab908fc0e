import { RetCode, type QrScanInfo } from '@gatehouse/contract';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { onCode } from '../../api';
import { PageIntro } from '../../components/page-intro';
import { useT } from '../../i18n';
import { failureOf } from '../../lib/api-error';
import { useLocalePath, usePageLocation } from '../../lib/page-location';
import { useApiData } from '../../lib/use-api-data';
import { useSubmit } from '../../lib/use-submit';
import '../../components/auth/auth.css';
import { cancelQrCode, confirmQrCode, qrCalls, scanQrCode } from './qr-confirm-api';

type Outcome = 'confirmed' | 'cancelled' | 'expired' | 'error';

/**
 * `/{lang}/qr-confirm?uuid=` (docs/flows/qr-login.md): what a QR code of the login page opens. A
 * logged-in user sees which site, browser, approximate location and time are asking, and logs that
 * browser in or refuses; an anonymous visitor goes to the login first and comes back here.
 */
export function QrConfirmPage() {
  const t = useT('inverse');
  const to = useLocalePath();
  const { locale } = usePageLocation();
  const [path, navigate] = useLocation();
  const search = useSearch();
  // The server checks the form (10001 for anything but a code it could have issued).
  const uuid = new URLSearchParams(search).get('uuid') || null;
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const scan = useApiData(
    uuid && `qr-scan:${uuid}`,
    async () => (uuid ? await scanQrCode(uuid) : undefined),
    {
      onError: (error) => {
        if (failureOf(error).code !== RetCode.SessionExpired) return;
        const back = `${path}${search ? `?${search}` : ''}`;
        navigate(to(`/login?redirect_url=${encodeURIComponent(back)}`), { replace: true });
      },
    },
  );
  const scanCode = scan.error === undefined ? null : failureOf(scan.error).code;

  const { submit: decide, busy } = useSubmit(async (action: 'confirm' | 'cancel') => {
    if (!uuid) return;
    try {
      const done = action === 'confirm' ? await confirmQrCode(uuid) : await cancelQrCode(uuid);
      setOutcome(done ? (action === 'confirm' ? 'confirmed' : 'cancelled') : 'error');
    } catch (error) {
      const code = failureOf(error).code;
      setOutcome(
        onCode(qrCalls.qrConfirm, code, { [RetCode.QrCodeExpired]: () => 'expired' as const }) ?? 'error',
      );
    }
  });

  const body = (() => {
    if (!uuid) return <p role="alert">{t('qrLogin.confirm.invalid')}</p>;
    if (outcome) {
      return <p role={outcome === 'error' ? 'alert' : 'status'}>{t(`qrLogin.confirm.${outcome}`)}</p>;
    }
    if (scanCode === RetCode.SessionExpired || scan.loading || (!scan.data && scanCode === null)) {
      return <p role="status">{t('qrLogin.confirm.loading')}</p>;
    }
    const refused =
      scanCode === null
        ? undefined
        : onCode(qrCalls.qrScan, scanCode, {
            [RetCode.QrCodeExpired]: () => 'expired' as const,
            [RetCode.ParamsInvalid]: () => 'invalid' as const,
          });
    if (refused) return <p role="alert">{t(`qrLogin.confirm.${refused}`)}</p>;
    if (!scan.data) {
      return (
        <div role="alert">
          <p>{t('qrLogin.confirm.error')}</p>
          <button type="button" className="gh-button" onClick={scan.reload}>
            {t('qrLogin.confirm.retry')}
          </button>
        </div>
      );
    }
    return (
      <>
        <Asking info={scan.data} locale={locale} />
        <p>{t('qrLogin.confirm.warning')}</p>
        <p className="gh-links">
          <button type="button" className="gh-button" disabled={busy} onClick={() => void decide('confirm')}>
            {t('qrLogin.confirm.confirm')}
          </button>
          <button type="button" className="gh-button" disabled={busy} onClick={() => void decide('cancel')}>
            {t('qrLogin.confirm.cancel')}
          </button>
        </p>
      </>
    );
  })();

  return (
    <PageIntro title={t('pages.qr-confirm.title')} text={t('pages.qr-confirm.intro')}>
      {body}
    </PageIntro>
  );
}

/** Who is asking, from what the server recorded when the code was generated. */
function Asking({ info, locale }: { info: QrScanInfo; locale: string }) {
  const t = useT('inverse');
  const unknown = t('qrLogin.confirm.unknown');
  const browser =
    info.browser && info.os
      ? t('qrLogin.confirm.browserOn', { browser: info.browser, os: info.os })
      : (info.browser ?? info.os ?? unknown);
  return (
    <section aria-labelledby="qr-confirm-asking">
      <h2 id="qr-confirm-asking">{t('qrLogin.confirm.question')}</h2>
      <dl className="gh-details">
        <dt>{t('qrLogin.confirm.site')}</dt>
        <dd>{info.site}</dd>
        <dt>{t('qrLogin.confirm.browser')}</dt>
        <dd>{browser}</dd>
        <dt>{t('qrLogin.confirm.location')}</dt>
        <dd>{info.country ? countryName(info.country, locale) : unknown}</dd>
        <dt>{t('qrLogin.confirm.time')}</dt>
        <dd>
          <time dateTime={new Date(info.requested_at).toISOString()}>
            {new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
              info.requested_at,
            )}
          </time>
        </dd>
      </dl>
    </section>
  );
}

function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.slice(0, 2)) ?? code;
  } catch {
    return code;
  }
}
