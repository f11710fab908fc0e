import {
  PASSWORD_MIN_LENGTH,
  RetCode,
  type CodeSentResult,
  type RegisterRecallResult,
  type SiteDefinition,
  type SiteId,
} from '@gatehouse/contract';
import * as endpoints from '@gatehouse/contract/endpoints/registration';
import { currentPlatform, onCode } from '../../api';
import type { TFunction } from '../../i18n';
import { failureOf } from '../../lib/api-error';
import type { AuthContext } from '../../lib/auth/auth-context';
import type { AuthFlow } from '../../lib/auth/auth-flow';
import { channelRecord } from '../../lib/auth/channel-record';
import { encryptPassword } from '../../lib/auth/encrypt-password';
import type { Identifier } from '../../lib/auth/identifier';
import { goAfterAuth } from '../../lib/auth/use-after-auth';
import { errorText } from '../../lib/error-text';
import type { Sent } from '../../components/auth/code-step';
import type { AccountDraft } from './account-step';
import {
  commitOneShot,
  recallRegistration,
  resendRegistration,
  sendOneShotCode,
  setRegistrationPassword,
  startRegistration,
  verifyRegistration,
  type StartFields,
} from './register-api';
import { variantName, type RegisterVariant } from './register-variant';

/**
 * What the sign-up page does with the server: the calls, the captcha, password encryption, error texts
 * and the redirect. Loaded when the visitor first uses the form (or a `?uuid=` page resumes), not with
 * the page: the form then shows as soon as the page's own code is in (issue 12, npm run bench:web).
 */

/** The calls that check a typed code: the uuid flow's verify, and the one-call sign-ups. */
const CODE_CHECKS = [
  endpoints.registerVerify,
  endpoints.registerEmail,
  endpoints.registerMobile,
  endpoints.registerCompliance,
];
/** The calls that set the password and create the account. */
const ACCOUNT_CREATIONS = [
  endpoints.registerPassword,
  endpoints.registerEmail,
  endpoints.registerMobile,
  endpoints.registerCompliance,
];

export type RegisterStep =
  | { name: 'recall' }
  | { name: 'account' }
  | { name: 'code'; sent: Sent; error?: string }
  | { name: 'link'; sent: Sent }
  | { name: 'password'; uuid: string | null };

/** What the old UI needs again when it commits: the identifier, residence and code. */
export type RegisterDraft = Partial<Omit<AccountDraft, 'identifier'>> & {
  identifier: Identifier | null;
  code: string;
};

/** The page's state and surroundings the actions read and change, as the page renders them. */
export interface RegisterContext {
  t: TFunction;
  site: SiteId;
  siteDefinition: SiteDefinition;
  passwordKey: string | undefined;
  locale: string;
  search: string;
  path: string;
  navigate: (to: string, options?: { replace?: boolean }) => void;
  to: (path: string) => string;
  flow: AuthFlow;
  auth: AuthContext;
  variant: RegisterVariant;
  /** Resolves to the variant once known (the config call); submitting waits for it. */
  variantReady: Promise<RegisterVariant> | null;
  draft: { current: RegisterDraft };
  lastSent: { current: Sent };
  go: (next: RegisterStep) => void;
  setStep: (step: RegisterStep) => void;
  setAlert: (text: string | undefined) => void;
}

const sentOf = (result: CodeSentResult): Sent => ({
  uuid: result.uuid,
  loginName: result.login_name,
  resendIn: result.resend_in,
});

const startFields = (ctx: RegisterContext, current: RegisterVariant): StartFields => ({
  residence_country: ctx.draft.current.residence || undefined,
  lang: ctx.locale,
  platform: currentPlatform(),
  version: variantName(current),
});

const channel = (ctx: RegisterContext) =>
  channelRecord({
    search: ctx.search,
    pageUrl: window.location.href,
    euSubscription: ctx.site === 'EU' ? (ctx.draft.current.euSubscription ?? false) : undefined,
  });

/** Keeps the flow id in the address, so a reload (or the link tab) resumes where the user is. */
function rememberUuid(ctx: RegisterContext, uuid: string): void {
  const query = new URLSearchParams(ctx.search);
  query.set('uuid', uuid);
  ctx.navigate(`${ctx.path}?${query.toString()}`, { replace: true });
}

async function showFailure(ctx: RegisterContext, error: unknown): Promise<void> {
  const { code, envelope, toasted } = failureOf(error);
  if (!toasted)
    ctx.setAlert(envelope ? await errorText(code, envelope.ret_msg) : ctx.t('auth.errors.generic'));
}

/** `?uuid=`: where the half-finished sign-up stands (recall). */
export function recall(uuid: string): Promise<RegisterRecallResult> {
  return recallRegistration(uuid);
}

export function onRecalled(ctx: RegisterContext, uuid: string, answer: RegisterRecallResult): void {
  const sent = { uuid, loginName: answer.login_name, resendIn: 0 };
  if (answer.recall_stage === 'commit_login')
    ctx.navigate(ctx.to('/login?source=commit_login'), { replace: true });
  else if (answer.recall_stage === 'commit_password') ctx.go({ name: 'password', uuid });
  else if (answer.recall_stage === 'verify')
    ctx.go({ name: answer.verify_type === 'link' ? 'link' : 'code', sent });
  else ctx.setStep({ name: 'account' });
}

export async function onRecallFailed(ctx: RegisterContext, error: unknown): Promise<void> {
  // Started in another browser (the link opened on a phone, say): say where to go on.
  const { code, envelope } = failureOf(error);
  if (code === RetCode.RegisterFlowNotBound && envelope) {
    ctx.setAlert(await errorText(code, envelope.ret_msg));
  }
  ctx.setStep({ name: 'account' });
}

export async function submitAccount(ctx: RegisterContext, account: AccountDraft): Promise<void> {
  const current = (await ctx.variantReady) ?? ctx.variant;
  try {
    if (current.ui === 'old') {
      const sent = await sendOneShot(ctx, account.identifier, current);
      if (sent) ctx.go({ name: 'code', sent: sentOf(sent) });
      return;
    }
    // The sign-up captcha (scene 31004, docs/captcha.md) at submit time; retried once on 10026.
    // null: cancelled, or unavailable (the toast was shown): the form is usable again.
    const { captchaLoginName, sendWithCaptcha } = await import('../../lib/auth/send-with-captcha');
    const started = await sendWithCaptcha(
      'register',
      ctx.site,
      { loginName: captchaLoginName(account.identifier) },
      (captcha) =>
        startRegistration(
          account.identifier,
          startFields(ctx, current),
          current.verify,
          channel(ctx),
          captcha,
        ),
    );
    if (!started) return;
    const result = started.value;
    rememberUuid(ctx, result.uuid);
    ctx.go({ name: result.verify_type === 'link' ? 'link' : 'code', sent: sentOf(result) });
  } catch (error) {
    await showFailure(ctx, error);
  }
}

/**
 * Old UI: every send is keyed by the identifier alone, so each one (the resend too) passes the
 * sign-up captcha; the uuid flow's resend continues a flow that passed it (docs/captcha.md).
 */
async function sendOneShot(ctx: RegisterContext, identifier: Identifier, current: RegisterVariant) {
  const { captchaLoginName, sendWithCaptcha } = await import('../../lib/auth/send-with-captcha');
  const sent = await sendWithCaptcha(
    'register',
    ctx.site,
    { loginName: captchaLoginName(identifier) },
    (captcha) => sendOneShotCode(identifier, startFields(ctx, current), captcha),
  );
  return sent?.value;
}

export async function resend(ctx: RegisterContext, sent: Sent): Promise<number | undefined> {
  const current = ctx.variant;
  const identifier = ctx.draft.current.identifier;
  const result =
    current.ui === 'old' && identifier
      ? await sendOneShot(ctx, identifier, current)
      : await resendRegistration(sent.uuid);
  return result?.resend_in;
}

/** Answers the error text for the code field, or undefined when the step moved on. */
export async function submitCode(
  ctx: RegisterContext,
  sent: Sent,
  code: string,
): Promise<string | undefined> {
  if (ctx.variant.ui === 'old' && ctx.draft.current.identifier) {
    ctx.draft.current.code = code;
    ctx.go({ name: 'password', uuid: null });
    return undefined;
  }
  try {
    await verifyRegistration(sent.uuid, { code });
    ctx.go({ name: 'password', uuid: sent.uuid });
    return undefined;
  } catch (error) {
    return codeError(ctx, error);
  }
}

async function codeError(ctx: RegisterContext, error: unknown): Promise<string | undefined> {
  const { t } = ctx;
  const { code, envelope, toasted } = failureOf(error);
  const expired = () => t('auth.code.expired');
  const handled = onCode<(typeof CODE_CHECKS)[number], string>(CODE_CHECKS, code, {
    [RetCode.VerifyCodeInvalid]: () => {
      const left = (envelope?.result as { remaining_attempts?: number } | null)?.remaining_attempts;
      return left === undefined ? t('auth.code.wrongPlain') : t('auth.code.wrong', { count: left });
    },
    [RetCode.VerifyCodeExpired]: expired,
    [RetCode.VerifyCodeAttemptsExceeded]: expired,
  });
  if (handled !== undefined) return handled;
  if (toasted) return undefined;
  return envelope ? errorText(code, envelope.ret_msg) : t('auth.errors.generic');
}

/** Answers the error for the password field, or undefined when done (or the step changed). */
export async function submitPassword(
  ctx: RegisterContext,
  uuid: string | null,
  password: string,
): Promise<string | undefined> {
  const { t, draft, flow } = ctx;
  if (!ctx.passwordKey) return t('auth.errors.generic');
  try {
    const encrypted = await encryptPassword(password, ctx.passwordKey);
    const identifier = draft.current.identifier;
    let done;
    if (uuid === null && identifier) {
      done = await commitOneShot(identifier, ctx.siteDefinition.regulated, {
        ...startFields(ctx, ctx.variant),
        ...encrypted,
        verify_code: draft.current.code,
        ...channel(ctx),
        ...flow.extraBody,
      });
    } else if (uuid) {
      done = await setRegistrationPassword(uuid, encrypted, { ...channel(ctx), ...flow.extraBody });
    } else {
      ctx.go({ name: 'account' });
      return undefined;
    }
    if (flow.onDone) {
      const tgBindResult = done.tg_bind_result;
      await flow.onDone({ newUser: true, ...(tgBindResult ? { tgBindResult } : {}) });
    } else {
      goAfterAuth(ctx.auth, { newUser: true });
    }
    return undefined;
  } catch (error) {
    const { code, envelope } = failureOf(error);
    if (code === RetCode.PasswordTooWeak) {
      const reason = (envelope?.result as { reason?: string } | null)?.reason ?? 'common';
      return t(`auth.newPassword.${reason}`, { min: PASSWORD_MIN_LENGTH });
    }
    if (uuid === null && draft.current.identifier) {
      // Old UI: the code is checked only now; a wrong one sends the user back to it.
      const text = await codeError(ctx, error);
      if (code === RetCode.VerifyCodeInvalid || code === RetCode.VerifyCodeExpired) {
        ctx.go({ name: 'code', sent: ctx.lastSent.current, ...(text ? { error: text } : {}) });
        return undefined;
      }
      return text;
    }
    const restart = (): true => {
      ctx.setAlert(t('register.restart'));
      ctx.go({ name: 'account' });
      return true;
    };
    const restarted = onCode<(typeof ACCOUNT_CREATIONS)[number], true>(ACCOUNT_CREATIONS, code, {
      [RetCode.RegisterFlowNotFound]: restart,
      [RetCode.RegisterStepInvalid]: restart,
      [RetCode.RegisterFlowNotBound]: restart,
    });
    return restarted ? undefined : codeError(ctx, error);
  }
}
