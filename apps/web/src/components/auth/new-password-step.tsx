import { checkPasswordPolicy, PASSWORD_MIN_LENGTH } from '@gatehouse/contract';
import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n';
import { PasswordField, StepHeading } from './fields';
import { useSubmit } from '../../lib/use-submit';

/**
 * A new password (sign-up's last step, and reset). The policy is ASVS's (contract `checkPasswordPolicy`: length only, no
 * composition rules); the server adds the common-password check and answers 20006 with the reason.
 */
export function NewPasswordStep({
  id,
  title,
  submitLabel,
  username,
  onSubmit,
}: {
  id: string;
  title: string;
  submitLabel: string;
  /** The account name, for password managers to save with the new password (empty after a resume). */
  username: string;
  onSubmit: (password: string) => Promise<string | undefined>;
}) {
  const t = useT('inverse');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { submit: send, busy } = useSubmit(async (entered: string) => {
    const problem = await onSubmit(entered);
    if (problem) setError(problem);
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const policy = checkPasswordPolicy(password);
    if (!policy.ok) {
      setError(t(`auth.newPassword.${policy.reason}`, { min: PASSWORD_MIN_LENGTH }));
      return;
    }
    setError(undefined);
    void send(password);
  };

  return (
    <form className="gh-form" method="post" noValidate onSubmit={submit} aria-busy={busy}>
      <StepHeading focus>{title}</StepHeading>
      {username && (
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      )}
      <PasswordField
        id={id}
        name="new-password"
        label={t('auth.newPassword.label')}
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        hint={t('auth.newPassword.hint', { min: PASSWORD_MIN_LENGTH })}
        error={error}
      />
      <button type="submit" className="gh-button" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
