import * as loginCalls from '@gatehouse/contract/endpoints/login';
import * as endpoints from '@gatehouse/contract/endpoints/self-unblock';
import type { BanInfo, SelfUnblockSent } from '@gatehouse/contract';
import { api } from '../../api';

// Self-unblock (docs/flows/ban.md): every call is identified by the HttpOnly self_unbind_token cookie
// the 31003 login answer set; the page never sees it.

/** `banInfo`: the ban behind the cookie ("no ban" when there is no cookie). */
export async function fetchBan(): Promise<BanInfo> {
  const answer = await api.call(loginCalls.banInfo, {}, { hideError: true });
  if (!answer) throw new Error('no answer');
  return answer.result;
}

/** `selfUnblockSendCode`; `captcha` is where the site login captcha's result goes. */
export async function sendUnblockCode(captcha: Record<string, unknown> = {}): Promise<SelfUnblockSent> {
  const answer = await api.call(endpoints.selfUnblockSendCode, { ...captcha });
  if (!answer) throw new Error('no answer');
  return answer.result;
}

/** `selfUnblock`: lifts the ban with the code. */
export async function liftBan(code: string): Promise<void> {
  await api.call(endpoints.selfUnblock, { code });
}
