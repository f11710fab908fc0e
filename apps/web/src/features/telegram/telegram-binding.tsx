import { RetCode } from '@gatehouse/contract';
import { useEffect, useState } from 'react';
import { useBootstrap } from '../../lib/bootstrap-context';
import { openModal } from '../../components/feedback/modal';
import { toast, TOAST_ERROR_MS } from '../../components/feedback/toast';
import { usePageLocation } from '../../lib/page-location';
import { useT } from '../../i18n';
import { failureOf } from '../../lib/api-error';
import { errorText } from '../../lib/error-text';
import { telegramWidgetLogin } from './login-widget';
import { useReauth } from './reauth-dialog';
import { showBindResult } from './show-bind-result';
import { TelegramAccountCard } from './telegram-account-card';
import {
  bindTelegram,
  fetchTelegramBindStatus,
  TELEGRAM_BOUND,
  unbindTelegram,
  type TelegramUser,
} from './telegram-api';
import { useSubmit } from '../../lib/use-submit';

/** Bind failures that open the "failed to bind Telegram" modal (§8 telegramAlreadyBind). */
const MODAL_BIND_CODES: readonly number[] = [
  RetCode.TelegramAlreadyBound,
  RetCode.TelegramAccountAlreadyLinked,
];

type Status =
  { kind: 'loading' } | { kind: 'error' } | { kind: 'unbound' } | { kind: 'bound'; user: TelegramUser };

/**
 * The account page's Telegram section (spec §1 binding, §3 bind status, §7 calls): the bound Telegram
 * account, or a button that binds one through the Telegram Login Widget; unbinding asks first. Both ask
 * for the password again when the session is not fresh (43006, docs/telegram.md).
 */
export function TelegramBinding() {
  const t = useT('inverse');
  const { telegram } = useBootstrap();
  const { locale } = usePageLocation();
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const [notice, setNotice] = useState<string | undefined>();
  const reauth = useReauth();

  useEffect(() => {
    if (!telegram) return;
    let live = true;
    fetchTelegramBindStatus()
      .then((result) => {
        if (!live) return;
        setStatus(
          result?.status === TELEGRAM_BOUND && result.telegram_user
            ? { kind: 'bound', user: result.telegram_user }
            : result
              ? { kind: 'unbound' }
              : { kind: 'error' },
        );
      })
      .catch(() => live && setStatus({ kind: 'error' }));
    return () => {
      live = false;
    };
  }, [telegram]);

  /** Explains a failed bind or unbind; resolves true when the user chose to try again. */
  const showFailure = async (error: unknown): Promise<boolean> => {
    const { code, envelope } = failureOf(error);
    const message = envelope ? await errorText(code, envelope.ret_msg) : t('auth.errors.generic');
    if (MODAL_BIND_CODES.includes(code)) {
      let again = false;
      await showBindResult(
        t,
        { kind: 'failure', code: String(code), codePart: String(code), message, modal: true },
        () => {
          again = true;
        },
      );
      return again;
    }
    toast(envelope ? `${code}: ${message}` : message, { durationMs: TOAST_ERROR_MS, kind: 'error' });
    return false;
  };

  // One change at a time, bind or unbind; resolves true when the user asked to try it again.
  const { submit: change, busy } = useSubmit(async (attempt: () => Promise<void>) => {
    setNotice(undefined);
    try {
      await attempt();
      return false;
    } catch (error) {
      return showFailure(error);
    }
  });

  // Telegram is off on this server (no bot token): nothing to offer.
  if (!telegram) return null;

  const bind = async () => {
    const again = await change(async () => {
      const user = await telegramWidgetLogin(telegram.widgetScriptUrl, telegram.botId, locale.split('-')[0]);
      if (!user) return;
      const outcome = await reauth.run((proof) => bindTelegram(JSON.stringify(user), proof));
      if (!outcome.ok || !outcome.value) return;
      setStatus({ kind: 'bound', user: outcome.value.telegram_user });
      setNotice(t('telegram.account.linked'));
    });
    if (again) void bind();
  };

  const unbind = async () => {
    const choice = await openModal({
      title: t('telegram.account.unlinkTitle'),
      description: t('telegram.account.unlinkText'),
      confirmLabel: t('telegram.account.unlinkConfirm'),
      cancelLabel: t('telegram.account.unlinkCancel'),
    });
    if (choice !== 'confirm') return;
    const again = await change(async () => {
      const outcome = await reauth.run((proof) => unbindTelegram(proof));
      if (!outcome.ok) return;
      setStatus({ kind: 'unbound' });
      setNotice(t('telegram.account.unlinked'));
    });
    if (again) void unbind();
  };

  return (
    <section id="telegram" aria-labelledby="dashboard-telegram">
      <h2 id="dashboard-telegram">{t('telegram.account.title')}</h2>
      {status.kind === 'loading' && <p role="status">{t('telegram.account.loading')}</p>}
      {status.kind === 'error' && <p role="alert">{t('telegram.account.error')}</p>}
      {status.kind === 'bound' && (
        <>
          <TelegramAccountCard user={status.user} />
          <p>
            <button type="button" className="gh-button" disabled={busy} onClick={() => void unbind()}>
              {t('telegram.account.unlink')}
            </button>
          </p>
        </>
      )}
      {status.kind === 'unbound' && (
        <>
          <p>{t('telegram.account.none')}</p>
          <p>
            <button type="button" className="gh-button" disabled={busy} onClick={() => void bind()}>
              {t('telegram.account.link')}
            </button>
          </p>
        </>
      )}
      <p role="status">{notice}</p>
      {reauth.dialog}
    </section>
  );
}
