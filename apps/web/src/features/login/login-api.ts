import type {
  EncryptedPassword,
  LoginNeedVerify,
  LoginResult,
  PasswordWrongResult,
  RiskInterceptResult,
} from '@gatehouse/contract';
import { api, type ApiEnvelope } from '../../api';
import type { Identifier } from '../auth-common/identifier';

// Paths and numbers of packages/contract/src/api/login.ts, repeated as plain values: importing that
// module would bring its zod schemas into the login chunk (the size budget). Keep in step.
export const LOGIN_PATH = '/login';
export const LOGIN_COMPLIANCE_PATH = '/user/public/login_compliance';
export const LOGIN_VERIFY_PATH = '/user/public/login/verify';
export const LOGIN_RESEND_PATH = '/user/public/login/verify/resend';
export const RISK_INTERCEPT_PATH = '/user/public/risk/default-intercept';
export const TRADE_SWITCH_PATH = '/user/private/trade/switch';
export const BAN_INFO_PATH = '/user/public/ban/einfo';
export const LOGIN_RISK_SCENE = 30002;
export const TRADE_DEMO_ENV = 1;

/** The login call's answer: logged in, a code step, or (31002 with a count of 3-5) a wrong password. */
export type LoginAnswer = ApiEnvelope<LoginResult | PasswordWrongResult>;

/**
 * `POST /login`, or `/user/public/login_compliance` on regulated sites (spec §7). `extra` is where the
 * captcha result goes (magpie_verify_info / ticket / g_recaptcha_response, spec §3).
 */
export function postLogin(
  identifier: Identifier,
  password: EncryptedPassword,
  regulated: boolean,
  extra: Readonly<Record<string, unknown>> = {},
): Promise<LoginAnswer | null> {
  return api.post<LoginResult | PasswordWrongResult>(regulated ? LOGIN_COMPLIANCE_PATH : LOGIN_PATH, {
    ...identifier,
    ...password,
    ...extra,
  });
}

export function isPasswordWrong(
  result: LoginResult | PasswordWrongResult | undefined,
): result is PasswordWrongResult {
  return typeof (result as PasswordWrongResult | undefined)?.pass_err_count === 'number';
}

/** `POST /user/public/login/verify`: the code of the new-device step. */
export function postLoginVerify(
  challengeId: string,
  code: string,
  extra: Readonly<Record<string, unknown>> = {},
) {
  return api.post<LoginResult>(LOGIN_VERIFY_PATH, { challenge_id: challengeId, code, ...extra });
}

export async function postLoginResend(challengeId: string): Promise<LoginNeedVerify | undefined> {
  return (await api.post<LoginNeedVerify>(LOGIN_RESEND_PATH, { challenge_id: challengeId }))?.result;
}

/** `POST /user/public/risk/default-intercept` (scene 30002) before the form; a failure never blocks. */
export async function postRiskIntercept(): Promise<RiskInterceptResult | undefined> {
  try {
    const answer = await api.post<RiskInterceptResult>(
      RISK_INTERCEPT_PATH,
      { scene: LOGIN_RISK_SCENE, ext_info: { page: 'login' } },
      { hideError: true },
    );
    return answer?.result;
  } catch {
    return undefined;
  }
}

/** `POST /user/private/trade/switch {env:1}` after a demo-account login; failure swallowed, answers true (§7). */
export async function switchToDemoTrading(): Promise<true> {
  try {
    await api.post(TRADE_SWITCH_PATH, { env: TRADE_DEMO_ENV }, { hideError: true });
  } catch {
    // Spec §7: "failure swallowed, returns true".
  }
  return true;
}

/** `POST /user/public/ban/einfo` (the self_unbind_token cookie identifies the ban). */
export async function fetchBanInfo(): Promise<
  { is_self_help_baned: boolean; baned_time: number | null } | undefined
> {
  try {
    return (
      await api.post<{ is_self_help_baned: boolean; baned_time: number | null }>(
        BAN_INFO_PATH,
        {},
        { hideError: true },
      )
    )?.result;
  } catch {
    return undefined;
  }
}
