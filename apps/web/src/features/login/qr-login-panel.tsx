import { QR_CONFIRM_PATH, QR_POLL_INTERVAL_MS, RetCode } from '@gatehouse/contract';
import { lazy, Suspense, useEffect, useEffectEvent, useState } from 'react';
import { onCode } from '../../api';
import { useT } from '../../i18n';
import { failureOf } from '../../lib/api-error';
import type { AuthContext } from '../../lib/auth/auth-context';
import type { AuthFlow } from '../../lib/auth/auth-flow';
import { useLocalePath } from '../../lib/page-location';
import { fetchQrStatus, generateQrCode, qrCalls } from './qr-login-api';

type Panel =
  | { kind: 'loading' }
  | { kind: 'showing'; uuid: string; scanned: boolean }
  | { kind: 'confirmed' }
  | { kind: 'cancelled' }
  /** Expired codes are replaced at once, this many times in a row; then the visitor asks for one. */
  | { kind: 'expired' }
  | { kind: 'error' };

// The QR encoder (components/qr-code.tsx, shared with the account page's authenticator set-up) is its own
// chunk, fetched when the panel opens: imported statically it would be one more file in the list of
// this panel's dependencies that the login page carries.
const loadQrCode = () => import('../../components/qr-code').then((m) => ({ default: m.QrCode }));
const QrCode = lazy(loadQrCode);

/** Expired codes replaced without asking: about ten minutes of an open, unattended panel. */
const AUTO_REFRESHES = 5;

/**
 * QR-code login on the login page (docs/flows/qr-login.md): a code for this browser, shown as a QR code
 * of `/{lang}/qr-confirm?uuid=`, polled every 2 s while the page is visible. Scanned → "confirm on your
 * phone"; confirmed → the session cookie is set and the normal after-login redirect runs; expired →
 * a new code. Loaded (with the QR encoder) only when the visitor opens the panel.
 */
export default function QrLoginPanel({ ctx, flow, id }: { ctx: AuthContext; flow: AuthFlow; id: string }) {
  const t = useT('inverse');
  const to = useLocalePath();
  const [panel, setPanel] = useState<Panel>({ kind: 'loading' });
  // Fetch the encoder with the first code, not after it.
  useEffect(() => void loadQrCode(), []);
  // Each new code is one more generation; answers for an older one are dropped.
  const [generation, setGeneration] = useState(0);
  const [refreshes, setRefreshes] = useState(0);

  const renew = (auto: boolean) => {
    if (auto && refreshes >= AUTO_REFRESHES) {
      setPanel({ kind: 'expired' });
      return;
    }
    setRefreshes(auto ? refreshes + 1 : 0);
    setPanel({ kind: 'loading' });
    setGeneration((n) => n + 1);
  };
  const onExpired = useEffectEvent(() => renew(true));
  const onConfirmed = useEffectEvent(async () => {
    setPanel({ kind: 'confirmed' });
    const login = await import('./login-actions');
    await login.finish(ctx, flow);
  });

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let uuid: string | undefined;

    const failed = (error: unknown) => {
      if (!live) return;
      const code = failureOf(error).code;
      if (onCode(qrCalls.qrStatus, code, { [RetCode.QrCodeExpired]: () => true })) onExpired();
      else setPanel({ kind: 'error' });
    };
    const poll = async () => {
      timer = undefined;
      // A hidden page does not poll; it picks up again when shown (visibilitychange below).
      if (!live || !uuid || document.hidden) return;
      try {
        const status = await fetchQrStatus(uuid);
        if (!live) return;
        if (!status) return setPanel({ kind: 'error' });
        if (status.state === 'confirmed') return void onConfirmed();
        if (status.state === 'cancelled') return setPanel({ kind: 'cancelled' });
        if (status.state === 'expired') return onExpired();
        setPanel({ kind: 'showing', uuid, scanned: status.state === 'scanned' });
        timer = setTimeout(() => void poll(), QR_POLL_INTERVAL_MS);
      } catch (error) {
        failed(error);
      }
    };
    const onVisibility = () => {
      if (!document.hidden && timer === undefined) void poll();
    };

    generateQrCode().then((code) => {
      if (!live) return;
      if (!code) return setPanel({ kind: 'error' });
      uuid = code.uuid;
      setPanel({ kind: 'showing', uuid, scanned: false });
      timer = setTimeout(() => void poll(), QR_POLL_INTERVAL_MS);
    }, failed);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      live = false;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [generation]);

  const showing = panel.kind === 'showing' ? panel : null;
  const link = showing && `${window.location.origin}${to(QR_CONFIRM_PATH)}?uuid=${showing.uuid}`;
  const message =
    panel.kind === 'loading'
      ? t('qrLogin.panel.loading')
      : panel.kind === 'confirmed'
        ? t('qrLogin.panel.confirmed')
        : showing?.scanned
          ? t('qrLogin.panel.scanned')
          : panel.kind === 'cancelled' || panel.kind === 'expired' || panel.kind === 'error'
            ? t(`qrLogin.panel.${panel.kind}`)
            : t('qrLogin.panel.help');

  return (
    <section id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('qrLogin.panel.title')}</h2>
      {link && (
        <div>
          <Suspense>
            <QrCode text={link} label={t('qrLogin.panel.qrLabel')} dim={showing.scanned} />
          </Suspense>
        </div>
      )}
      <p role="status">{message}</p>
      {(panel.kind === 'cancelled' || panel.kind === 'expired' || panel.kind === 'error') && (
        <button type="button" className="gh-button" onClick={() => renew(false)}>
          {t('qrLogin.panel.refresh')}
        </button>
      )}
    </section>
  );
}
