import type { LoginNeedVerify, SiteId } from '@gatehouse/contract';
import { failureOf, resultNumber } from '../auth-common/api-error';
import type { AuthContext } from '../auth-common/auth-context';
import type { AuthFlow } from '../auth-common/auth-flow';
import { encryptPassword } from '../auth-common/encrypt-password';
import { errorText } from '../auth-common/error-text';
import type { Identifier } from '../auth-common/identifier';
import { goAfterAuth } from '../auth-common/use-after-auth';
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

/**
 * What the login page does with the server: the calls, password encryption and the redirect. Every
 * call answers a plain outcome the page turns into text, so the page holds no API error handling.
 */

/** ret_codes the login answers itself (contract RetCode). */
const CODE = {
  VERIFY_CODE_INVALID: 20002,
  VERIFY_CODE_EXPIRED: 20003,
  VERIFY_CODE_ATTEMPTS_EXCEEDED: 20012,
  CAPTCHA_REQUIRED: 10026,
  ACCOUNT_BANNED: 31003,
  IP_LIMIT: 31018,
  TOO_MANY_PASSWORD_ERRORS: 31030,
} as const;
/** Spec §9: the self-unban window opens 24 h after baned_time. */
export const SELF_UNBAN_WINDOW_MS = 86_400_000;

export type LoginOutcome =
  | { kind: 'done'; tgBindResult?: string }
  | { kind: 'challenge'; challenge: LoginNeedVerify }
  | { kind: 'wrong-password'; attemptsLeft: number }
  | { kind: 'locked'; minutes: number }
  | { kind: 'ip-limit'; minutes: number }
  | { kind: 'banned'; selfUnblock: boolean }
  | { kind: 'captcha' }
  /** `message` is set when the client showed no toast for it. */
  | { kind: 'error'; message?: string };

export type CodeOutcome =
  | { kind: 'done'; tgBindResult?: string }
  | { kind: 'wrong-code'; attemptsLeft: number }
  | { kind: 'expired' }
  | { kind: 'error'; message?: string };

const minutesOf = (seconds: number | undefined) => Math.max(1, Math.ceil((seconds ?? 60) / 60));

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

export { quickLogin, unlockBrowser };

export async function submitLogin(input: {
  identifier: Identifier;
  password: string;
  passwordKey: string;
  regulated: boolean;
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
    return doneWith(result.tg_bind_result);
  } catch (error) {
    const { code, envelope } = failureOf(error);
    const wait = () => minutesOf(resultNumber(envelope, 'retry_after_seconds'));
    if (code === CODE.TOO_MANY_PASSWORD_ERRORS) return { kind: 'locked', minutes: wait() };
    if (code === CODE.IP_LIMIT) return { kind: 'ip-limit', minutes: wait() };
    if (code === CODE.CAPTCHA_REQUIRED) return { kind: 'captcha' };
    if (code === CODE.ACCOUNT_BANNED) {
      // Spec §4 ban flow: within 24 h of baned_time the banned modal; after that, self-unblock.
      const ban = await fetchBanInfo();
      const selfUnblock = Boolean(ban?.baned_time && Date.now() - ban.baned_time > SELF_UNBAN_WINDOW_MS);
      return { kind: 'banned', selfUnblock };
    }
    return unexpected(error);
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
  const { captchaLoginName, sendWithCaptcha } = await import('../auth-common/send-with-captcha');
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
): Promise<CodeOutcome> {
  try {
    const answer = await postLoginVerify(challengeId, code, extra);
    return doneWith(answer?.result?.tg_bind_result);
  } catch (error) {
    const { code: retCode, envelope } = failureOf(error);
    if (retCode === CODE.VERIFY_CODE_INVALID) {
      return { kind: 'wrong-code', attemptsLeft: resultNumber(envelope, 'remaining_attempts') ?? 0 };
    }
    if (retCode === CODE.VERIFY_CODE_EXPIRED || retCode === CODE.VERIFY_CODE_ATTEMPTS_EXCEEDED) {
      return { kind: 'expired' };
    }
    return unexpected(error);
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
  if (new URLSearchParams(ctx.search).get('demoAccount') === 'true') await switchToDemoTrading();
  if (flow.onDone) {
    await flow.onDone({ newUser: false, ...(tgBindResult ? { tgBindResult } : {}) });
    return;
  }
  goAfterAuth(ctx, { newUser: false });
}
