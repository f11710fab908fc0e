import { PASSWORD_MIN_LENGTH, RetCode, type CodeSentResult } from '@gatehouse/contract';
import * as endpoints from '@gatehouse/contract/endpoints/registration';
import { useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { currentPlatform, deviceGuid, onCode } from '../../api';
import { useBootstrap } from '../../lib/bootstrap-context';
import { PageIntro } from '../../components/page-intro';
import { useLocalePath, usePageLocation } from '../../lib/page-location';
import { useT } from '../../i18n';
import { failureOf } from '../../lib/api-error';
import { useApiData } from '../../lib/use-api-data';
import { channelRecord } from '../../lib/auth/channel-record';
import { encryptPassword } from '../../lib/auth/encrypt-password';
import { errorText } from '../../lib/error-text';
import type { Identifier } from '../../lib/auth/identifier';
import { useAuthFlow } from '../../lib/auth/auth-flow';
import { useAfterAuth } from '../../lib/auth/use-after-auth';
import { AccountStep, type AccountDraft } from './account-step';
import { CodeStep, type Sent } from '../../components/auth/code-step';
import { NewPasswordStep } from '../../components/auth/new-password-step';
import { LinkStep } from './verify-steps';
import {
  commitOneShot,
  fetchRegisterUiConfig,
  recallRegistration,
  resendRegistration,
  sendOneShotCode,
  setRegistrationPassword,
  startRegistration,
  verifyRegistration,
  type StartFields,
} from './register-api';
import {
  assignedVariant,
  chooseVariant,
  DEFAULT_VARIANT,
  variantName,
  type RegisterVariant,
} from './register-variant';

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

type Step =
  | { name: 'recall' }
  | { name: 'account' }
  | { name: 'code'; sent: Sent; error?: string }
  | { name: 'link'; sent: Sent }
  | { name: 'password'; uuid: string | null };

const sentOf = (result: CodeSentResult): Sent => ({
  uuid: result.uuid,
  loginName: result.login_name,
  resendIn: result.resend_in,
});

/**
 * Sign-up (spec §2 flows, §4 registration steps): account and residence → code or link → password →
 * the redirect of §2. The UI variant (new/old, code/link) comes from the query or the A/B assignment;
 * `?uuid=` resumes a half-finished sign-up (recall).
 */
export function RegisterPage() {
  const t = useT('inverse');
  const { site, siteDefinition, passwordKey } = useBootstrap();
  const { locale } = usePageLocation();
  const to = useLocalePath();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const afterAuth = useAfterAuth();
  const flow = useAuthFlow();
  const [initialUuid] = useState(() => new URLSearchParams(search).get('uuid'));
  const [step, setStep] = useState<Step>(initialUuid ? { name: 'recall' } : { name: 'account' });
  const [moved, setMoved] = useState(false);
  const [alert, setAlert] = useState<string | undefined>();
  // What the old UI needs again when it commits: the identifier, residence and code.
  const draft = useRef<
    Partial<Omit<AccountDraft, 'identifier'>> & { identifier: Identifier | null; code: string }
  >({
    identifier: null,
    code: '',
  });
  // What the account step shows again after "back", and the name password managers save: render state.
  const [shown, setShown] = useState<{
    initial: Partial<Omit<AccountDraft, 'identifier'>>;
    username: string;
  }>({
    initial: {},
    username: '',
  });
  const variantReady = useRef<Promise<RegisterVariant> | null>(null);
  const lastSent = useRef<Sent>({ uuid: '', loginName: '', resendIn: 0 });

  const go = (next: Step) => {
    if (next.name === 'code' || next.name === 'link') lastSent.current = next.sent;
    setStep(next);
    setMoved(true);
  };

  // The UI variant, once per page view: the query or the A/B assignment. Submitting waits for it.
  const { data: variant = DEFAULT_VARIANT } = useApiData('register-variant', () => {
    const query = new URLSearchParams(search);
    variantReady.current = fetchRegisterUiConfig().then((config) =>
      chooseVariant({
        ui: query.get('ui'),
        showType: query.get('show_type'),
        assigned: assignedVariant(config, deviceGuid()),
      }),
    );
    return variantReady.current;
  });

  // `?uuid=`: where the half-finished sign-up stands (recall), once per page view.
  useApiData(initialUuid, () => recallRegistration(initialUuid ?? ''), {
    onData: (recall) => {
      if (!initialUuid) return;
      const sent = { uuid: initialUuid, loginName: recall.login_name, resendIn: 0 };
      if (recall.recall_stage === 'commit_login')
        navigate(to('/login?source=commit_login'), { replace: true });
      else if (recall.recall_stage === 'commit_password') go({ name: 'password', uuid: initialUuid });
      else if (recall.recall_stage === 'verify')
        go({ name: recall.verify_type === 'link' ? 'link' : 'code', sent });
      else setStep({ name: 'account' });
    },
    onError: (error) => {
      // Started in another browser (the link opened on a phone, say): say where to go on.
      const { code, envelope } = failureOf(error);
      void (async () => {
        if (code === RetCode.RegisterFlowNotBound && envelope) {
          setAlert(await errorText(code, envelope.ret_msg));
        }
        setStep({ name: 'account' });
      })();
    },
  });

  const startFields = (current: RegisterVariant): StartFields => ({
    residence_country: draft.current.residence || undefined,
    lang: locale,
    platform: currentPlatform(),
    version: variantName(current),
  });

  const channel = () =>
    channelRecord({
      search,
      pageUrl: window.location.href,
      euSubscription: site === 'EU' ? (draft.current.euSubscription ?? false) : undefined,
    });

  /** Keeps the flow id in the address, so a reload (or the link tab) resumes where the user is. */
  const rememberUuid = (uuid: string) => {
    const query = new URLSearchParams(search);
    query.set('uuid', uuid);
    navigate(`${path}?${query.toString()}`, { replace: true });
  };

  const showFailure = async (error: unknown) => {
    const { code, envelope, toasted } = failureOf(error);
    if (!toasted) setAlert(envelope ? await errorText(code, envelope.ret_msg) : t('auth.errors.generic'));
  };

  const onAccount = async (account: AccountDraft) => {
    setAlert(undefined);
    draft.current = { ...draft.current, ...account, code: '' };
    setShown({ initial: account, username: loginNameOf(account.identifier) });
    const current = (await variantReady.current) ?? variant;
    try {
      if (current.ui === 'old') {
        const sent = await sendOneShot(account.identifier, current);
        if (sent) go({ name: 'code', sent: sentOf(sent) });
        return;
      }
      // The sign-up captcha (scene 31004, docs/captcha.md) at submit time; retried once on 10026.
      // null: cancelled, or unavailable (the toast was shown): the form is usable again.
      const { captchaLoginName, sendWithCaptcha } = await import('../../lib/auth/send-with-captcha');
      const started = await sendWithCaptcha(
        'register',
        site,
        { loginName: captchaLoginName(account.identifier) },
        (captcha) =>
          startRegistration(account.identifier, startFields(current), current.verify, channel(), captcha),
      );
      if (!started) return;
      const result = started.value;
      rememberUuid(result.uuid);
      go({ name: result.verify_type === 'link' ? 'link' : 'code', sent: sentOf(result) });
    } catch (error) {
      await showFailure(error);
    }
  };

  /**
   * Old UI: every send is keyed by the identifier alone, so each one (the resend too) passes the
   * sign-up captcha; the uuid flow's resend continues a flow that passed it (docs/captcha.md).
   */
  const sendOneShot = async (identifier: Identifier, current: RegisterVariant) => {
    const { captchaLoginName, sendWithCaptcha } = await import('../../lib/auth/send-with-captcha');
    const sent = await sendWithCaptcha(
      'register',
      site,
      { loginName: captchaLoginName(identifier) },
      (captcha) => sendOneShotCode(identifier, startFields(current), captcha),
    );
    return sent?.value;
  };

  const resend = async (sent: Sent): Promise<number | undefined> => {
    const current = variant;
    const identifier = draft.current.identifier;
    const result =
      current.ui === 'old' && identifier
        ? await sendOneShot(identifier, current)
        : await resendRegistration(sent.uuid);
    return result?.resend_in;
  };

  /** Answers the error text for the code field, or undefined when the step moved on. */
  const submitCode = async (sent: Sent, code: string): Promise<string | undefined> => {
    if (variant.ui === 'old' && draft.current.identifier) {
      draft.current.code = code;
      go({ name: 'password', uuid: null });
      return undefined;
    }
    try {
      await verifyRegistration(sent.uuid, { code });
      go({ name: 'password', uuid: sent.uuid });
      return undefined;
    } catch (error) {
      return codeError(error);
    }
  };

  const codeError = async (error: unknown): Promise<string | undefined> => {
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
  };

  /** Answers the error for the password field, or undefined when done (or the step changed). */
  const onPassword = async (uuid: string | null, password: string): Promise<string | undefined> => {
    if (!passwordKey) return t('auth.errors.generic');
    try {
      const encrypted = await encryptPassword(password, passwordKey);
      const identifier = draft.current.identifier;
      let done;
      if (uuid === null && identifier) {
        done = await commitOneShot(identifier, siteDefinition.regulated, {
          ...startFields(variant),
          ...encrypted,
          verify_code: draft.current.code,
          ...channel(),
          ...flow.extraBody,
        });
      } else if (uuid) {
        done = await setRegistrationPassword(uuid, encrypted, { ...channel(), ...flow.extraBody });
      } else {
        go({ name: 'account' });
        return undefined;
      }
      if (flow.onDone) {
        const tgBindResult = done.tg_bind_result;
        await flow.onDone({ newUser: true, ...(tgBindResult ? { tgBindResult } : {}) });
      } else {
        afterAuth({ newUser: true });
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
        const text = await codeError(error);
        if (code === RetCode.VerifyCodeInvalid || code === RetCode.VerifyCodeExpired) {
          go({ name: 'code', sent: lastSent.current, ...(text ? { error: text } : {}) });
          return undefined;
        }
        return text;
      }
      const restart = (): true => {
        setAlert(t('register.restart'));
        go({ name: 'account' });
        return true;
      };
      const restarted = onCode<(typeof ACCOUNT_CREATIONS)[number], true>(ACCOUNT_CREATIONS, code, {
        [RetCode.RegisterFlowNotFound]: restart,
        [RetCode.RegisterStepInvalid]: restart,
        [RetCode.RegisterFlowNotBound]: restart,
      });
      return restarted ? undefined : codeError(error);
    }
  };

  return (
    <PageIntro title={t('pages.register.title')} text={t('pages.register.intro')}>
      {step.name === 'recall' && <p role="status">{t('register.resuming')}</p>}
      {step.name === 'account' && (
        <AccountStep focus={moved} alert={alert} initial={shown.initial} onSubmit={onAccount} />
      )}
      {step.name === 'code' && (
        <CodeStep
          id="register-code"
          sent={step.sent}
          initialError={step.error}
          onSubmit={(code) => submitCode(step.sent, code)}
          onResend={() => resend(step.sent)}
          onBack={() => go({ name: 'account' })}
        />
      )}
      {step.name === 'link' && (
        <LinkStep
          sent={step.sent}
          onVerified={() => go({ name: 'password', uuid: step.sent.uuid })}
          onResend={() => resend(step.sent)}
          onBack={() => go({ name: 'account' })}
        />
      )}
      {step.name === 'password' && (
        <NewPasswordStep
          id="register-password"
          title={t('register.password.title')}
          submitLabel={t('register.password.submit')}
          username={shown.username}
          onSubmit={(password) => onPassword(step.uuid, password)}
        />
      )}
    </PageIntro>
  );
}

function loginNameOf(identifier: Identifier | null): string {
  if (!identifier) return '';
  return 'email' in identifier ? identifier.email : `+${identifier.country_code}${identifier.mobile}`;
}
