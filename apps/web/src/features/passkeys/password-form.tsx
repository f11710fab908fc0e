import type { EncryptedPassword } from '@gatehouse/contract';
import { useState, type FormEvent } from 'react';
import { PasswordField } from '../../components/auth/fields';
import { useT } from '../../i18n';
import { encryptPassword } from '../../lib/auth/encrypt-password';
import { useBootstrap } from '../../lib/bootstrap-context';
import { useSubmit } from '../../lib/use-submit';
import type { Outcome } from './passkeys-api';
import { problemText } from './problem-text';

/** The password again before a passkey is added or removed; `action` runs with it, encrypted. */
export function PasswordForm({
  id,
  text,
  submitLabel,
  action,
  onDone,
  onCancel,
}: {
  id: string;
  text: string;
  submitLabel: string;
  action: (password: EncryptedPassword) => Promise<Outcome<unknown>>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const t = useT('inverse');
  const { passwordKey } = useBootstrap();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { submit: send, busy } = useSubmit(async (entered: string) => {
    if (!passwordKey) return setError(t('auth.errors.generic'));
    const outcome = await action(await encryptPassword(entered, passwordKey));
    if (outcome.ok) return onDone();
    setPassword('');
    setError(problemText(t, outcome.problem));
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(password === '' ? t('auth.password.required') : undefined);
    if (password !== '') void send(password);
  };
  return (
    <form className="gh-form" noValidate onSubmit={submit} aria-busy={busy}>
      <p>{text}</p>
      <PasswordField
        id={id}
        name="password"
        label={t('auth.password.label')}
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={error}
      />
      <div className="gh-links">
        <button type="submit" className="gh-button" disabled={busy}>
          {submitLabel}
        </button>
        <button type="button" className="gh-link-button" onClick={onCancel}>
          {t('passkeys.cancel')}
        </button>
      </div>
    </form>
  );
}
