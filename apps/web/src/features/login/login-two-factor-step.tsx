import type { LoginNeed2fa } from '@gatehouse/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CodeField } from '../../components/auth/code-fields';
import { FormAlert, StepHeading, TextField } from '../../components/auth/fields';
import { useT } from '../../i18n';
import type { AuthContext } from '../../lib/auth/auth-context';
import { useAuthFlow } from '../../lib/auth/auth-flow';
import { useSubmit } from '../../lib/use-submit';
import { submitSecondFactor, type SecondFactor } from './login-two-factor-api';

/**
 * The login's authenticator step (docs/flows/two-factor.md): the 6-digit code from the app, or (after
 * "use a backup code") one backup code. A chunk of its own: the login page never loads it for an
 * account without 2FA. The session starts when the server accepts the code; then the usual redirect.
 */
export default function TwoFactorStep({
  ctx,
  challenge,
  onBack,
}: {
  ctx: AuthContext;
  challenge: LoginNeed2fa;
  onBack: () => void;
}) {
  const t = useT('inverse');
  const flow = useAuthFlow();
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState('');
  const [backupCode, setBackupCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [expired, setExpired] = useState(false);

  // After switching between the app and a backup code, the keyboard continues in the new field.
  const switched = useRef(false);
  useEffect(() => {
    if (switched.current) document.getElementById(backup ? 'login-2fa-backup' : 'login-2fa-code')?.focus();
  }, [backup]);

  const { submit: send, busy } = useSubmit(async (factor: SecondFactor) => {
    const outcome = await submitSecondFactor(challenge.challenge_id, factor, flow.extraBody);
    if (outcome.kind === 'done') {
      const login = await import('./login-actions');
      await login.finish(ctx, flow, outcome.tgBindResult);
      return;
    }
    setCode('');
    setBackupCode('');
    if (outcome.kind === 'wrong') setError(t('auth.code.wrong', { count: outcome.attemptsLeft }));
    else if (outcome.kind === 'expired') setExpired(true);
    else setError(outcome.message ?? t('auth.errors.generic'));
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing =
      backup && backupCode.trim() === ''
        ? t('twoFactor.login.backupRequired')
        : !backup && code.length !== 6
          ? t('auth.code.invalid')
          : undefined;
    setError(missing);
    if (missing) return;
    void send(backup ? { backup_code: backupCode.trim() } : { code });
  };

  return (
    <form className="gh-form" method="post" noValidate onSubmit={submit} aria-busy={busy}>
      <StepHeading focus>{t('twoFactor.login.title')}</StepHeading>
      <p>{t(backup ? 'twoFactor.login.backupText' : 'twoFactor.login.text')}</p>
      <FormAlert id="login-2fa-expired">{expired && t('twoFactor.login.expired')}</FormAlert>
      {backup ? (
        <TextField
          id="login-2fa-backup"
          name="backup_code"
          label={t('twoFactor.login.backupLabel')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          required
          value={backupCode}
          onChange={(event) => setBackupCode(event.target.value)}
          error={error}
        />
      ) : (
        <CodeField
          id="login-2fa-code"
          name="code"
          label={t('twoFactor.login.codeLabel')}
          required
          value={code}
          onValueChange={setCode}
          error={error}
        />
      )}
      <button type="submit" className="gh-button" disabled={busy || expired}>
        {t('twoFactor.login.submit')}
      </button>
      <div className="gh-links">
        <button
          type="button"
          className="gh-link-button"
          onClick={() => {
            switched.current = true;
            setError(undefined);
            setBackup(!backup);
          }}
        >
          {t(backup ? 'twoFactor.login.useApp' : 'twoFactor.login.useBackup')}
        </button>
        <button type="button" className="gh-link-button" onClick={onBack}>
          {t('auth.changeAccount')}
        </button>
      </div>
    </form>
  );
}
