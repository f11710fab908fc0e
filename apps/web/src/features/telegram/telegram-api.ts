import type {
  CaptchaResult,
  OnePeopleBindResult,
  TelegramBindResult,
  TelegramBindStatusResult,
  TelegramUser,
  ThirdPartyLoginResult,
  ThirdPartyNotBoundResult,
} from '@gatehouse/contract';
import { api, ApiCallError, THIRD_PARTY_LOGIN_PATH, type ApiEnvelope } from '../../api';
import type { EncryptedPasswordFields } from '../auth-common/encrypt-password';

// Paths and values of packages/contract/src/api/telegram.ts, repeated as plain values: importing that
// module would bring its zod schemas into the web bundle. Keep in step (docs/telegram.md "Calls").
export const BIND_TELEGRAM_PATH = '/user/private/bind/telegram';
export const TELEGRAM_BIND_STATUS_PATH = '/user/private/telegram-bind-status';
export const UNBIND_TELEGRAM_PATH = '/user/private/unbind/telegram';
export const ONE_PEOPLE_BIND_GET_PATH = '/user/private/one_people_bind/get';
export const ONE_PEOPLE_BIND_SET_PATH = '/user/private/one_people_bind/set';
/** Spec §3 bind status. */
export const TELEGRAM_BOUND = 1;
/** Spec §3 one-person-bind: `bind_uid` "0" means none. */
export const NO_BIND_UID = '0';

export type { TelegramUser };

/** The password proof bind, unbind and one-person-bind set accept after 43006 (ASVS 7.5.1). */
export type ReauthProof = EncryptedPasswordFields;

// These calls show their own errors (spec §7: the bind call's own error display is suppressed), so a
// 43006 becomes the password dialog rather than a toast.
const quiet = { hideError: true } as const;

/** Contract RetCode.PASSWORD_WRONG: the client resolves it (pass_err_count 3-5) instead of rejecting. */
const PASSWORD_WRONG = 31002;

/** The envelope's result; a resolved wrong-password answer is still a failure for these calls. */
function resultOf<T>(envelope: ApiEnvelope<T> | null): T | undefined {
  if (envelope?.ret_code === PASSWORD_WRONG) throw new ApiCallError(envelope, false);
  return envelope?.result;
}

/** `POST /user/private/bind/telegram` with the Login Widget's user object (`telegram_callback`). */
export async function bindTelegram(
  telegramCallback: string,
  proof?: ReauthProof,
): Promise<TelegramBindResult | undefined> {
  return resultOf(
    await api.post<TelegramBindResult>(
      BIND_TELEGRAM_PATH,
      { telegram_callback: telegramCallback, ...proof },
      quiet,
    ),
  );
}

/** `GET /user/private/telegram-bind-status`: `telegram_user` only when bound. */
export async function fetchTelegramBindStatus(): Promise<TelegramBindStatusResult | undefined> {
  return (await api.get<TelegramBindStatusResult>(TELEGRAM_BIND_STATUS_PATH, quiet))?.result;
}

/** `POST /user/private/unbind/telegram`. */
export async function unbindTelegram(proof?: ReauthProof): Promise<void> {
  resultOf(await api.post(UNBIND_TELEGRAM_PATH, { ...proof }, quiet));
}

/**
 * `POST /user/public/login/thirdparty` from inside the Mini App: the init data both as the body's
 * `telegram_callback_mini` and (set by the page) the `TgToken` header. Logged in when the Telegram
 * account is bound; otherwise rejects with 40004 and `result` {@link ThirdPartyNotBoundResult}
 * (silent inside Telegram, spec §8).
 */
export async function thirdPartyLoginMini(
  initDataRaw: string,
  captcha: CaptchaResult | null,
): Promise<ThirdPartyLoginResult | undefined> {
  const body = {
    third_type: 'telegram',
    telegram_callback_mini: initDataRaw,
    url: globalThis.location?.href,
    ...(captcha ? { captcha } : {}),
  };
  return (await api.post<ThirdPartyLoginResult>(THIRD_PARTY_LOGIN_PATH, body, quiet))?.result;
}

export type { ThirdPartyNotBoundResult };

/**
 * `GET /user/private/one_people_bind/get` (TgToken header): whether the Mini App's Telegram user is
 * bound. Spec §7: a failure means "not known to be bound", so it resolves false rather than throwing.
 */
export async function isTelegramBound(): Promise<boolean> {
  try {
    const result = (await api.get<OnePeopleBindResult>(ONE_PEOPLE_BIND_GET_PATH, quiet))?.result;
    return typeof result?.bind_uid === 'string' && result.bind_uid !== NO_BIND_UID;
  } catch {
    return false;
  }
}

/** `POST /user/private/one_people_bind/set` (TgToken header): link-authorisation's Accept. */
export async function setOnePeopleBind(allowBotMessages: boolean, proof?: ReauthProof): Promise<void> {
  resultOf(
    await api.post(ONE_PEOPLE_BIND_SET_PATH, { allow_bot_messages: allowBotMessages, ...proof }, quiet),
  );
}
