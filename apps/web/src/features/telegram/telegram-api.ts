import * as endpoints from '@gatehouse/contract/endpoints/telegram';
import {
  RetCode,
  type CaptchaResult,
  type TelegramBindResult,
  type TelegramBindStatusResult,
  type TelegramUser,
  type ThirdPartyLoginResult,
  type ThirdPartyNotBoundResult,
} from '@gatehouse/contract';
import { api, ApiCallError, onCode, type ApiEnvelope } from '../../api';
import { failureOf } from '../../lib/api-error';
import type { EncryptedPasswordFields } from '../../lib/auth/encrypt-password';

// Values of packages/contract/src/api/telegram.ts, repeated as plain values: importing that module
// would bring its zod schemas into the web bundle. Keep in step (docs/telegram.md "Calls").
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

/**
 * The envelope's result; a resolved wrong-password answer (the client resolves PasswordWrong with
 * pass_err_count 3-5 instead of rejecting) is still a failure for these calls.
 */
function resultOf<T>(envelope: ApiEnvelope<T> | null): T | undefined {
  if (envelope?.ret_code === RetCode.PasswordWrong) throw new ApiCallError(envelope, false);
  return envelope?.result;
}

/** `telegramBind` with the Login Widget's user object (`telegram_callback`). */
export async function bindTelegram(
  telegramCallback: string,
  proof?: ReauthProof,
): Promise<TelegramBindResult | undefined> {
  return resultOf(
    await api.call(endpoints.telegramBind, { telegram_callback: telegramCallback, ...proof }, quiet),
  );
}

/** `telegramBindStatus`: `telegram_user` only when bound. */
export async function fetchTelegramBindStatus(): Promise<TelegramBindStatusResult | undefined> {
  return (await api.call(endpoints.telegramBindStatus, {}, quiet))?.result;
}

/** `telegramUnbind`. */
export async function unbindTelegram(proof?: ReauthProof): Promise<void> {
  resultOf(await api.call(endpoints.telegramUnbind, { ...proof }, quiet));
}

/**
 * `thirdPartyLogin` from inside the Mini App: the init data both as the body's
 * `telegram_callback_mini` and (set by the page) the `TgToken` header. Logged in when the Telegram
 * account is bound; otherwise rejects with 40004 and `result` {@link ThirdPartyNotBoundResult}
 * (silent inside Telegram, spec §8).
 */
export async function thirdPartyLoginMini(
  initDataRaw: string,
  captcha: CaptchaResult | null,
): Promise<ThirdPartyLoginResult | undefined> {
  const body = {
    third_type: 'telegram' as const,
    telegram_callback_mini: initDataRaw,
    url: globalThis.location?.href,
    ...(captcha ? { captcha } : {}),
  };
  return (await api.call(endpoints.thirdPartyLogin, body, quiet))?.result;
}

export type { ThirdPartyNotBoundResult };

/**
 * `onePeopleBindGet` (TgToken header): whether the Mini App's Telegram user is
 * bound. Spec §7: a failure means "not known to be bound", so it resolves false rather than throwing.
 */
export async function isTelegramBound(): Promise<boolean> {
  try {
    const result = (await api.call(endpoints.onePeopleBindGet, {}, quiet))?.result;
    return typeof result?.bind_uid === 'string' && result.bind_uid !== NO_BIND_UID;
  } catch {
    return false;
  }
}

/** `onePeopleBindSet` (TgToken header): link-authorisation's Accept. */
export async function setOnePeopleBind(allowBotMessages: boolean, proof?: ReauthProof): Promise<void> {
  resultOf(
    await api.call(endpoints.onePeopleBindSet, { allow_bot_messages: allowBotMessages, ...proof }, quiet),
  );
}

/** What the task page shows after `miniAppCompleteTask` (docs/telegram.md "Mini App tasks"). */
export type TaskOutcome = 'done' | 'already' | 'not-linked' | 'failed';

/**
 * `miniAppCompleteTask` (TgToken header): records the task for the account the Telegram user is
 * linked to. The server records it once per task, so a repeat says `already`.
 */
export async function completeMiniAppTask(campaignId: string, taskId: string): Promise<TaskOutcome> {
  try {
    const result = (await api.call(endpoints.miniAppCompleteTask, { campaignId, taskId }, quiet))?.result;
    if (!result) return 'failed';
    return result.status === 'completed' ? 'done' : 'already';
  } catch (error) {
    return (
      onCode<typeof endpoints.miniAppCompleteTask, TaskOutcome>(
        endpoints.miniAppCompleteTask,
        failureOf(error).code,
        { [RetCode.TelegramNotBound]: () => 'not-linked' },
      ) ?? 'failed'
    );
  }
}
