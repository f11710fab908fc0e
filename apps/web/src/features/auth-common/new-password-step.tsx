import { checkPasswordPolicy, PASSWORD_MIN_LENGTH } from '@gatehouse/contract';
import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n';
import { PasswordField, StepHeading } from './fields';

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
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const policy = checkPasswordPolicy(password);
    if (!policy.ok) {
      setError(t(`auth.newPassword.${policy.reason}`, { min: PASSWORD_MIN_LENGTH }));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const problem = await onSubmit(password);
      if (problem) setError(problem);
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
