import type { LoginNeedVerify } from '@gatehouse/contract';
import { useT, type TFunction } from '../../i18n';
import type { AuthContext } from '../auth-common/auth-context';
import { useAuthFlow } from '../auth-common/auth-flow';
import { CodeStep } from '../auth-common/code-step';
import type { CodeOutcome } from './login-actions';

const loadActions = () => import('./login-actions');

function codeOutcomeText(t: TFunction, outcome: CodeOutcome): string | undefined {
  if (outcome.kind === 'wrong-code') return t('auth.code.wrong', { count: outcome.attemptsLeft });
  if (outcome.kind === 'expired') return t('auth.code.expired');
  if (outcome.kind === 'error') return outcome.message;
  return undefined;
}

/** The new-device code step of the login (spec §2 "verify code"), on the shared code step form. */
export default function VerifyStep({
  ctx,
  challenge,
  onChallenge,
  onBack,
}: {
  ctx: AuthContext;
  challenge: LoginNeedVerify;
  onChallenge: (challenge: LoginNeedVerify) => void;
  onBack: () => void;
}) {
  const t = useT('inverse');
  const flow = useAuthFlow();

  /** Answers the error for the code field, or undefined once logged in. */
  const submit = async (code: string): Promise<string | undefined> => {
    try {
      const login = await loadActions();
      const outcome = await login.submitCode(challenge.challenge_id, code, flow.extraBody);
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
