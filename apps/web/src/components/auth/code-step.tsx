import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n';
import { CodeField, ResendButton } from './code-fields';
import { StepHeading } from './fields';
import { useSubmit } from '../../lib/use-submit';

/** Where a code or link went, and when the next may be asked for. */
export interface Sent {
  /** The flow id (sign-up uuid flow); informative elsewhere. */
  uuid: string;
  /** Masked e-mail or number (empty when unknown). */
  loginName: string;
  resendIn: number;
}

/** The code step of sign-up, reset and the new-device login: the 6-digit code, paste welcome; resend after the server's cooldown. */
export function CodeStep({
  id,
  sent,
  initialError,
  onSubmit,
  onResend,
  onBack,
  backLabel,
}: {
  id: string;
  sent: Sent;
  initialError?: string | undefined;
  onSubmit: (code: string) => Promise<string | undefined>;
  onResend: () => Promise<number | undefined>;
  onBack: () => void;
  /** The back link's text; "change account" unless the step says otherwise. */
  backLabel?: string;
}) {
  const t = useT('inverse');
  const [code, setCode] = useState('');
  const [error, setError] = useState(initialError);
  const { submit: send, busy } = useSubmit(async (entered: string) => {
    const problem = await onSubmit(entered);
    if (problem) setError(problem);
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.length !== 6) {
      setError(t('auth.code.invalid'));
      return;
    }
    setError(undefined);
    void send(code);
  };

  return (
    <form className="gh-form" method="post" noValidate onSubmit={submit} aria-busy={busy}>
      <StepHeading focus>{t('auth.code.title')}</StepHeading>
      {sent.loginName && <p>{t('auth.code.sentTo', { target: sent.loginName })}</p>}
      <CodeField
        id={id}
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
        <ResendButton seconds={sent.resendIn} onResend={onResend} />
        <button type="button" className="gh-link-button" onClick={onBack}>
          {backLabel ?? t('auth.changeAccount')}
        </button>
      </div>
    </form>
  );
}
