import { captchaSceneFor, RetCode, type SiteId, type ThirdPartyNotBoundResult } from '@gatehouse/contract';
import * as endpoints from '@gatehouse/contract/endpoints/telegram';
import { api } from '../../api';
import { failureOf } from '../../lib/api-error';
import { runCaptcha } from '../../lib/captcha';
import { errorText } from '../../lib/error-text';
import { telegramWidgetLogin } from './login-widget';

export type TelegramWebLoginOutcome =
  | { kind: 'done' }
  | { kind: 'cancelled' }
  | { kind: 'not-bound'; pendingId: string }
  | { kind: 'failed'; text: string | null };

/**
 * "Telegram" on the web login page (issue 16): the Login Widget (Telegram's, or the local stand-in)
 * signs the user object, and `thirdPartyLogin` checks it exactly as the account page's bind does. Logged
 * in when the Telegram account is bound; otherwise the pending id for login-and-bind. Loaded on click.
 */
export async function telegramWebLogin(
  telegram: { widgetScriptUrl: string; botId: string },
  site: SiteId,
  lang: string,
): Promise<TelegramWebLoginOutcome> {
  const user = await telegramWidgetLogin(telegram.widgetScriptUrl, telegram.botId, lang);
  if (!user) return { kind: 'cancelled' };
  const scene = captchaSceneFor('thirdParty', site);
  const attempt = async (force: boolean) => {
    const captcha = await runCaptcha(scene, force ? { force } : {});
    const body = {
      third_type: 'telegram' as const,
      telegram_callback: JSON.stringify(user),
      url: globalThis.location?.href,
      ...(captcha ? { captcha } : {}),
    };
    return api.call(endpoints.thirdPartyLogin, body, { hideError: true });
  };
  try {
    try {
      await attempt(false);
    } catch (error) {
      // The site's captcha configuration was not known when asked: the server decides, once.
      if (failureOf(error).code !== RetCode.CaptchaRequired) throw error;
      await attempt(true);
    }
    return { kind: 'done' };
  } catch (error) {
    const { code, envelope } = failureOf(error);
    if (code === RetCode.ThirdPartyNotBound && envelope?.result)
      return { kind: 'not-bound', pendingId: (envelope.result as ThirdPartyNotBoundResult).tg_pending_id };
    return { kind: 'failed', text: envelope ? `${code}: ${await errorText(code, envelope.ret_msg)}` : null };
  }
}
