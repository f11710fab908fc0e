import * as endpoints from '@gatehouse/contract/endpoints/login';
import {
  LOGIN_RISK_SCENE,
  type BanInfo,
  type EncryptedPassword,
  type LoginNeedVerify,
  type LoginResult,
  type PasswordWrongResult,
  type RiskInterceptResult,
} from '@gatehouse/contract';
import { api, type ApiEnvelope } from '../../api';
import type { Identifier } from '../../lib/auth/identifier';

/** Spec §7 `trade/switch {env: 1}`: the demo trading environment. */
export const TRADE_DEMO_ENV = 1;

/** The login call's answer: logged in, a code step, or (31002 with a count of 3-5) a wrong password. */
export type LoginAnswer = ApiEnvelope<LoginResult | PasswordWrongResult>;

/**
 * `login`, or `loginCompliance` on regulated sites (spec §7). `extra` is where the
 * captcha result goes (magpie_verify_info / ticket / g_recaptcha_response, spec §3).
 */
export function postLogin(
  identifier: Identifier,
  password: EncryptedPassword,
  regulated: boolean,
  extra: Readonly<Record<string, unknown>> = {},
): Promise<LoginAnswer | null> {
  // A wrong password with 3-5 guesses left resolves too (spec §8): its result is the count.
  return api.call(regulated ? endpoints.loginCompliance : endpoints.login, {
    ...identifier,
    ...password,
    ...extra,
  }) as Promise<LoginAnswer | null>;
}

export function isPasswordWrong(
  result: LoginResult | PasswordWrongResult | undefined,
): result is PasswordWrongResult {
  return typeof (result as PasswordWrongResult | undefined)?.pass_err_count === 'number';
}

/** `loginVerify`: the code of the new-device step. */
export function postLoginVerify(
  challengeId: string,
  code: string,
  extra: Readonly<Record<string, unknown>> = {},
) {
  return api.call(endpoints.loginVerify, { challenge_id: challengeId, code, ...extra });
}

export async function postLoginResend(challengeId: string): Promise<LoginNeedVerify | undefined> {
  return (await api.call(endpoints.loginResend, { challenge_id: challengeId }))?.result;
}

/** `riskIntercept` (scene 30002) before the form; a failure never blocks. */
export async function postRiskIntercept(): Promise<RiskInterceptResult | undefined> {
  try {
    const answer = await api.call(
      endpoints.riskIntercept,
      { scene: LOGIN_RISK_SCENE, ext_info: { page: 'login' } },
      { hideError: true },
    );
    return answer?.result;
  } catch {
    return undefined;
  }
}

/** `tradeSwitch {env:1}` after a demo-account login; failure swallowed, answers true (§7). */
export async function switchToDemoTrading(): Promise<true> {
  try {
    await api.call(endpoints.tradeSwitch, { env: TRADE_DEMO_ENV }, { hideError: true });
  } catch {
    // Spec §7: "failure swallowed, returns true".
  }
  return true;
}

/** `banInfo` (the self_unbind_token cookie identifies the ban). */
export async function fetchBanInfo(): Promise<BanInfo | undefined> {
  try {
    return (await api.call(endpoints.banInfo, {}, { hideError: true }))?.result;
  } catch {
    return undefined;
  }
}
