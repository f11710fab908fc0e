import * as endpoints from '@gatehouse/contract/endpoints/social-login';
import * as telegram from '@gatehouse/contract/endpoints/telegram';
import {
  RetCode,
  type CaptchaResult,
  type SocialBindingsResult,
  type SocialProvider,
  type ThirdPartyLoginResult,
} from '@gatehouse/contract';
import { api, ApiCallError, type ApiEnvelope } from '../../api';
import type { EncryptedPasswordFields } from '../../lib/auth/encrypt-password';

// These calls show their own outcome (the page's alert, the choice screen), never the global toast.
const quiet = { hideError: true } as const;

function resultOf<T>(envelope: ApiEnvelope<T> | null): T | undefined {
  if (envelope?.ret_code === RetCode.PasswordWrong) throw new ApiCallError(envelope, false);
  return envelope?.result;
}

/** `socialAuthorize`: the provider's authorization URL; the server keeps state, nonce and PKCE. */
export async function authorizeUrl(
  provider: SocialProvider,
  from: 'login' | 'register',
  returnQuery: string,
): Promise<string | undefined> {
  const body = { third_type: provider, from, ...(returnQuery ? { return_query: returnQuery } : {}) };
  return (await api.call(endpoints.socialAuthorize, body, quiet))?.result?.authorize_url;
}

/**
 * `thirdPartyLogin` with the callback's ticket: logged in when the identity is bound, else rejects
 * with 40004 and `result` {third_pending_id, expires_in, third_user}.
 */
export async function loginWithTicket(
  provider: SocialProvider,
  ticket: string,
  captcha: CaptchaResult | null,
): Promise<ThirdPartyLoginResult | undefined> {
  const body = {
    third_type: provider,
    third_ticket: ticket,
    url: globalThis.location?.href,
    ...(captcha ? { captcha } : {}),
  };
  return (await api.call(telegram.thirdPartyLogin, body, quiet))?.result;
}

export async function fetchSocialBindings(): Promise<SocialBindingsResult | undefined> {
  return (await api.call(endpoints.socialBindings, {}, quiet))?.result;
}

export async function unbindSocial(provider: SocialProvider, proof: EncryptedPasswordFields): Promise<void> {
  resultOf(await api.call(endpoints.socialUnbind, { third_type: provider, ...proof }, quiet));
}
