import { checkPasswordPolicy, PASSWORD_MIN_LENGTH } from '@gatehouse/contract';
import { useState, type FormEvent } from 'react';
import { PasswordField } from '../../components/auth/fields';
import { toast } from '../../components/feedback/toast';
import { useT } from '../../i18n';
import { encryptPassword } from '../../lib/auth/encrypt-password';
import { useBootstrap } from '../../lib/bootstrap-context';
import { useSubmit } from '../../lib/use-submit';
import { changePassword } from './security-center-api';
import '../../components/auth/auth.css';

/**
 * The dashboard's "Password" (issue 17, docs/flows/sessions.md): the current password and a new one
 * (the contract's policy as the user types; the server adds the common-password list). Every other
 * session ends; `onChanged` lets the sessions list show it.
 */
export function ChangePasswordSection({ onChanged }: { onChanged: () => void }) {
  const t = useT('inverse');
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="dashboard-password">
      <h2 id="dashboard-password">{t('securityCenter.password.title')}</h2>
      <p>{t('securityCenter.password.intro')}</p>
      {open ? (
        <ChangePasswordForm
          onDone={() => {
            setOpen(false);
            onChanged();
          }}
          onCancel={() => setOpen(false)}
        />
      ) : (
        <button type="button" className="gh-button" onClick={() => setOpen(true)}>
          {t('securityCenter.password.open')}
        </button>
      )}
    </section>
  );
}

function ChangePasswordForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const t = useT('inverse');
  const { passwordKey } = useBootstrap();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [currentError, setCurrentError] = useState<string | undefined>();
  const [nextError, setNextError] = useState<string | undefined>();
  const { submit: send, busy } = useSubmit(async (entered: { current: string; next: string }) => {
    if (!passwordKey) return setCurrentError(t('auth.errors.generic'));
    const outcome = await changePassword(
      await encryptPassword(entered.current, passwordKey),
      await encryptPassword(entered.next, passwordKey),
    );
    if (outcome.ok) {
      toast(t('securityCenter.password.changed', { count: outcome.sessionsEnded }), { kind: 'success' });
      return onDone();
    }
    const { problem } = outcome;
    if (problem.kind === 'weak') {
      setNextError(t(`auth.newPassword.${problem.reason}`, { min: PASSWORD_MIN_LENGTH }));
      return;
    }
    setCurrent('');
    setCurrentError(
      problem.kind === 'wrong-password'
        ? t('securityCenter.password.wrongPassword')
        : (problem.message ?? t('auth.errors.generic')),
    );
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const policy = checkPasswordPolicy(next);
    const currentProblem = current === '' ? t('securityCenter.password.required') : undefined;
    const nextProblem = policy.ok
      ? undefined
      : t(`auth.newPassword.${policy.reason}`, { min: PASSWORD_MIN_LENGTH });
    setCurrentError(currentProblem);
    setNextError(nextProblem);
    if (!currentProblem && !nextProblem) void send({ current, next });
  };
  return (
    <form className="gh-form" method="post" noValidate onSubmit={submit} aria-busy={busy}>
      <PasswordField
        id="change-password-current"
        name="current-password"
        label={t('securityCenter.password.current')}
        autoComplete="current-password"
        required
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        error={currentError}
      />
      <PasswordField
        id="change-password-new"
        name="new-password"
        label={t('auth.newPassword.label')}
        autoComplete="new-password"
        required
        value={next}
        onChange={(event) => setNext(event.target.value)}
        hint={t('auth.newPassword.hint', { min: PASSWORD_MIN_LENGTH })}
        error={nextError}
      />
      <div className="gh-links">
        <button type="submit" className="gh-button" disabled={busy}>
          {t('securityCenter.password.submit')}
        </button>
        <button type="button" className="gh-link-button" onClick={onCancel}>
          {t('securityCenter.password.cancel')}
        </button>
      </div>
    </form>
  );
}
