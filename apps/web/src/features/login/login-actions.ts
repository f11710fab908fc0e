import { RetCode, type LoginNeed2fa, type LoginNeedVerify, type SiteId } from '@gatehouse/contract';
import * as endpoints from '@gatehouse/contract/endpoints/login';
import { onCode } from '../../api';
import { failureOf, resultNumber } from '../../lib/api-error';
import type { AuthContext } from '../../lib/auth/auth-context';
import type { AuthFlow } from '../../lib/auth/auth-flow';
import { encryptPassword } from '../../lib/auth/encrypt-password';
import { errorText } from '../../lib/error-text';
import type { Identifier } from '../../lib/auth/identifier';
import { goAfterAuth } from '../../lib/auth/use-after-auth';
import { fetchFeatureFlags } from '../../lib/web-config/fetch-web-config';
import {
  fetchBanInfo,
  isPasswordWrong,
  postLogin,
  postLoginResend,
  postLoginVerify,
  postRiskIntercept,
  switchToDemoTrading,
} from './login-api';
import { quickLogin } from './quick-login';
import { unlockBrowser } from './unlock-browser';
import { banOutcome, type BanOutcome } from './login-ban';
import { forcedSiteJump } from './site-jump';

/**
 * What the login page does with the server: the calls, password encryption and the redirect. Every
 * call answers a plain outcome the page turns into text, so the page holds no API error handling.
 */

/** The step after the password: the new-device code, or the authenticator (`methods` set). */
export type LoginChallenge = LoginNeedVerify | LoginNeed2fa;

export type LoginOutcome =
  | { kind: 'done'; tgBindResult?: string }
  | { kind: 'challenge'; challenge: LoginChallenge }
  | { kind: 'wrong-password'; attemptsLeft: number }
  | { kind: 'locked'; minutes: number }
  | { kind: 'ip-limit'; minutes: number }
  /** 31003: what ban/einfo said, and the answer's ret_msg for the toast (login-ban.ts). */
  | { kind: 'banned'; ban: BanOutcome; retMsg: string }
  | { kind: 'captcha' }
  /** 400601 / 400602: the account belongs to the Hong Kong site, or the other way round (modal). */
  | { kind: 'site-mismatch'; code: number; message: string }
  /** `message` is set when the client showed no toast for it. */
  | { kind: 'error'; message?: string };

export type CodeOutcome =
  | { kind: 'done'; tgBindResult?: string }
  /** The account has an authenticator: its step comes next (login-two-factor-step.tsx). */
  | { kind: 'two-factor'; challenge: LoginNeed2fa }
  /** 31003 at the code step: banned between the password and the code (as at the password step). */
  | { kind: 'banned'; ban: BanOutcome; retMsg: string }
  | { kind: 'wrong-code'; attemptsLeft: number }
  | { kind: 'expired' }
  | { kind: 'error'; message?: string };

const minutesOf = (seconds: number | undefined) => Math.max(1, Math.ceil((seconds ?? 60) / 60));

/** 31003, at the password or the code step: the ban behind the self_unbind_token cookie decides (login-ban.ts). */
async function bannedOutcome(
  envelope: { ret_msg: string } | null,
  siteSelfUnblock: boolean,
): Promise<{ kind: 'banned'; ban: BanOutcome; retMsg: string }> {
  return {
    kind: 'banned',
    ban: banOutcome(await fetchBanInfo(), siteSelfUnblock),
    retMsg: envelope?.ret_msg ?? '',
  };
}

async function siteMismatch(
  code: number,
  envelope: { ret_msg: string } | null,
): Promise<{ kind: 'site-mismatch'; code: number; message: string }> {
  return { kind: 'site-mismatch', code, message: await errorText(code, envelope?.ret_msg ?? '') };
}

async function unexpected(error: unknown): Promise<{ kind: 'error'; message?: string }> {
  const { code, envelope, toasted } = failureOf(error);
  if (toasted) return { kind: 'error' };
  return envelope ? { kind: 'error', message: await errorText(code, envelope.ret_msg) } : { kind: 'error' };
}

/** Risk pre-check (scene 30002): null when nothing to say. */
export async function riskCheck(): Promise<{ refused: boolean } | null> {
  const risk = await postRiskIntercept();
  if (!risk?.intercept) return null;
  return { refused: risk.reason === 'blocked_country' };
}

export { fetchFeatureFlags, quickLogin, unlockBrowser };
export { loginOutcomeText } from './login-outcome-text';
export { showBan } from './login-ban';
export { showSiteMismatch } from './login-site-mismatch';

export async function submitLogin(input: {
  identifier: Identifier;
  password: string;
  passwordKey: string;
  regulated: boolean;
  /** The site's `selfUnblock` (spec §4 ban flow: self-unblock page, or error 31003). */
  selfUnblock: boolean;
  /** Fields added to the body: the captcha result and the embedding flow's extras. */
  extra: Readonly<Record<string, unknown>>;
}): Promise<LoginOutcome> {
  try {
    const encrypted = await encryptPassword(input.password, input.passwordKey);
    const answer = await postLogin(input.identifier, encrypted, input.regulated, input.extra);
    const result = answer?.result;
    if (!result) return { kind: 'error' };
    if (isPasswordWrong(result)) {
      // max_pass_err_count answers still carry a count; the one after them locks (docs/flows/login.md).
      return {
        kind: 'wrong-password',
        attemptsLeft: Math.max(1, result.max_pass_err_count + 1 - result.pass_err_count),
      };
    }
    if (result.need_verify) return { kind: 'challenge', challenge: result.need_verify };
    if (result.need_2fa) return { kind: 'challenge', challenge: result.need_2fa };
    return doneWith(result.tg_bind_result);
  } catch (error) {
    const { code, envelope } = failureOf(error);
    const wait = () => minutesOf(resultNumber(envelope, 'retry_after_seconds'));
    const handled = onCode<typeof endpoints.login, LoginOutcome | Promise<LoginOutcome>>(
      endpoints.login,
      code,
      {
        [RetCode.TooManyPasswordErrors]: () => ({ kind: 'locked', minutes: wait() }),
        [RetCode.IpLimit]: () => ({ kind: 'ip-limit', minutes: wait() }),
        [RetCode.CaptchaRequired]: () => ({ kind: 'captcha' }),
        // Spec §4 ban flow: the ban behind the self_unbind_token cookie decides (login-ban.ts).
        [RetCode.AccountBanned]: () => bannedOutcome(envelope, input.selfUnblock),
        // Spec §8: the login-site mismatch is a modal (login-site-mismatch.ts).
        [RetCode.HkAccountOnOtherSite]: () => siteMismatch(code, envelope),
        [RetCode.OtherAccountOnHkSite]: () => siteMismatch(code, envelope),
      },
    );
    return handled ?? unexpected(error);
  }
}

/**
 * `submitLogin` behind the site's login captcha (31000; Turkey 31013, EU 31014; docs/captcha.md). The
 * captcha code loads here, at submit time; a 10026 answer runs it again and retries once. Null: the
 * captcha was cancelled, or unavailable (its toast was shown) — nothing was sent, the form is usable.
 */
export async function submitLoginWithCaptcha({
  site,
  extra,
  ...input
}: Omit<Parameters<typeof submitLogin>[0], 'extra'> & {
  site: SiteId;
  /** The embedding flow's extras; the captcha result is added to them. */
  extra?: Readonly<Record<string, unknown>> | undefined;
}): Promise<LoginOutcome | null> {
  const { captchaLoginName, sendWithCaptcha } = await import('../../lib/auth/send-with-captcha');
  const sent = await sendWithCaptcha(
    'login',
    site,
    { loginName: captchaLoginName(input.identifier) },
    (captcha) => submitLogin({ ...input, extra: { ...extra, ...captcha } }),
    (outcome) => outcome.kind === 'captcha',
  );
  return sent ? sent.value : null;
}

export async function submitCode(
  challengeId: string,
  code: string,
  extra: Readonly<Record<string, unknown>> = {},
  selfUnblock = false,
): Promise<CodeOutcome> {
  try {
    const answer = await postLoginVerify(challengeId, code, extra);
    const need2fa = answer?.result?.need_2fa;
    if (need2fa) return { kind: 'two-factor', challenge: need2fa };
    return doneWith(answer?.result?.tg_bind_result);
  } catch (error) {
    const { code: retCode, envelope } = failureOf(error);
    const expired = (): CodeOutcome => ({ kind: 'expired' });
    const handled = onCode<typeof endpoints.loginVerify, CodeOutcome | Promise<CodeOutcome>>(
      endpoints.loginVerify,
      retCode,
      {
        [RetCode.AccountBanned]: () => bannedOutcome(envelope, selfUnblock),
        [RetCode.VerifyCodeInvalid]: () => ({
          kind: 'wrong-code',
          attemptsLeft: resultNumber(envelope, 'remaining_attempts') ?? 0,
        }),
        [RetCode.VerifyCodeExpired]: expired,
        [RetCode.VerifyCodeAttemptsExceeded]: expired,
      },
    );
    return handled ?? unexpected(error);
  }
}

export async function resendCode(challengeId: string): Promise<LoginNeedVerify | undefined> {
  return postLoginResend(challengeId);
}

function doneWith(tgBindResult: string | undefined): { kind: 'done'; tgBindResult?: string } {
  return tgBindResult ? { kind: 'done', tgBindResult } : { kind: 'done' };
}

/**
 * After success: the demo switch when asked (`demoAccount=true`), then the embedding flow's next
 * step, or the redirect of spec §2.
 */
export async function finish(ctx: AuthContext, flow: AuthFlow = {}, tgBindResult?: string): Promise<void> {
  // Ignored when demo-account login is switched off (feature_flags.demoAccount; the server refuses the
  // switch then too): an ordinary login, and no demo notice on the landing.
  const demoAccount =
    new URLSearchParams(ctx.search).get('demoAccount') === 'true' && (await fetchFeatureFlags()).demoAccount;
  if (demoAccount) await switchToDemoTrading();
  if (flow.onDone) {
    await flow.onDone({ newUser: false, ...(tgBindResult ? { tgBindResult } : {}) });
    return;
  }
  // Spec §4: a KYC country of another site may move the user there, session handed over (site-jump.ts).
  if (!demoAccount && (await forcedSiteJump(ctx, window.location.pathname))) return;
  goAfterAuth(ctx, { newUser: false, demoAccount });
}
