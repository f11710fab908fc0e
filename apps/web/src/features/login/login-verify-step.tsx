import type { LoginNeedVerify } from '@gatehouse/contract';
import { lazy, Suspense } from 'react';
import { useT, type TFunction } from '../../i18n';
import type { AuthContext } from '../../lib/auth/auth-context';
import { useAuthFlow } from '../../lib/auth/auth-flow';
import { CodeStep } from '../../components/auth/code-step';
import { useBootstrap } from '../../lib/bootstrap-context';
import { useLocalePath } from '../../lib/page-location';
import type { CodeOutcome, LoginChallenge } from './login-actions';

const loadActions = () => import('./login-actions');
// The authenticator step: a chunk of its own, loaded only for an account with 2FA.
const TwoFactorStep = lazy(() => import('./login-two-factor-step'));

function codeOutcomeText(t: TFunction, outcome: CodeOutcome): string | undefined {
  if (outcome.kind === 'wrong-code') return t('auth.code.wrong', { count: outcome.attemptsLeft });
  if (outcome.kind === 'expired') return t('auth.code.expired');
  if (outcome.kind === 'error') return outcome.message;
  return undefined;
}

interface StepProps<C> {
  ctx: AuthContext;
  challenge: C;
  onChallenge: (challenge: LoginChallenge) => void;
  onBack: () => void;
}

/** The step after the password: the new-device code, or the authenticator when the server asks for it. */
export default function VerifyStep({ challenge, ...props }: StepProps<LoginChallenge>) {
  if ('methods' in challenge) {
    return (
      <Suspense>
        <TwoFactorStep ctx={props.ctx} challenge={challenge} onBack={props.onBack} />
      </Suspense>
    );
  }
  return <DeviceCodeStep challenge={challenge} {...props} />;
}

/** The new-device code step of the login (spec §2 "verify code"), on the shared code step form. */
function DeviceCodeStep({ ctx, challenge, onChallenge, onBack }: StepProps<LoginNeedVerify>) {
  const t = useT('inverse');
  const flow = useAuthFlow();
  const { siteDefinition } = useBootstrap();
  const to = useLocalePath();

  /** Answers the error for the code field, or undefined once logged in. */
  const submit = async (code: string): Promise<string | undefined> => {
    try {
      const login = await loadActions();
      const outcome = await login.submitCode(
        challenge.challenge_id,
        code,
        flow.extraBody,
        siteDefinition.selfUnblock,
      );
      if (outcome.kind === 'banned') {
        // As at the password step (spec §4 ban flow): the modal, self-unblock, or the 31003 text.
        await login.showBan(outcome.ban, { t, go: (path) => ctx.navigate(to(path)), retMsg: outcome.retMsg });
        return outcome.ban.kind === 'self-unblock' ? undefined : login.loginOutcomeText(t, outcome);
      }
      // An account with an authenticator: its step replaces this one.
      if (outcome.kind === 'two-factor') {
        onChallenge(outcome.challenge);
        return undefined;
      }
      if (outcome.kind !== 'done') return codeOutcomeText(t, outcome);
      await login.finish(ctx, flow, outcome.tgBindResult);
      return undefined;
    } catch {
      return t('auth.errors.generic');
    }
  };

  return (
    <CodeStep
      id="login-code"
      sent={{
        uuid: challenge.challenge_id,
        loginName: challenge.masked_target,
        resendIn: challenge.resend_in,
      }}
      onSubmit={submit}
      onResend={async () => {
        const next = await (await loadActions()).resendCode(challenge.challenge_id);
        if (next) onChallenge(next);
        return next?.resend_in;
      }}
      onBack={onBack}
      backLabel={t('auth.back')}
    />
  );
}
