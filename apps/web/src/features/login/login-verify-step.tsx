import type { LoginNeedVerify } from '@gatehouse/contract';
import { useState, type FormEvent } from 'react';
import { useT, type TFunction } from '../../i18n';
import type { AuthContext } from '../auth-common/auth-context';
import { useAuthFlow } from '../auth-common/auth-flow';
import { CodeField, ResendButton } from '../auth-common/code-fields';
import { StepHeading } from '../auth-common/fields';
import type { CodeOutcome } from './login-actions';

const loadActions = () => import('./login-actions');

function codeOutcomeText(t: TFunction, outcome: CodeOutcome): string | undefined {
  if (outcome.kind === 'wrong-code') return t('auth.code.wrong', { count: outcome.attemptsLeft });
  if (outcome.kind === 'expired') return t('auth.code.expired');
  if (outcome.kind === 'error') return outcome.message;
  return undefined;
}

/** The new-device code step of the login (spec §2 "verify code"). */
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
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.length !== 6) {
      setError(t('auth.code.invalid'));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const login = await loadActions();
      const outcome = await login.submitCode(challenge.challenge_id, code, flow.extraBody);
      if (outcome.kind === 'done') await login.finish(ctx, flow, outcome.tgBindResult);
      else setError(codeOutcomeText(t, outcome));
    } catch {
      setError(t('auth.errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="gh-form"
      method="post"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-busy={busy}
    >
      <StepHeading focus>{t('auth.code.title')}</StepHeading>
      <p>{t('auth.code.sentTo', { target: challenge.masked_target })}</p>
      <CodeField
        id="login-code"
        name="code"
        label={t('auth.code.label')}
        required
        value={code}
        onValueChange={setCode}
        error={error}
      />
      <button type="submit" className="gh-button" disabled={busy}>
        {t('auth.code.submit')}
      </button>
      <div className="gh-links">
        <ResendButton
          seconds={challenge.resend_in}
          onResend={async () => {
            const next = await (await loadActions()).resendCode(challenge.challenge_id);
            if (next) onChallenge(next);
            return next?.resend_in;
          }}
        />
        <button type="button" className="gh-link-button" onClick={onBack}>
          {t('auth.back')}
        </button>
      </div>
    </form>
  );
}
