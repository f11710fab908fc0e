import { useState, type FormEvent } from 'react';
import { DigitsField } from './digits-field';
import { TextField } from '../../components/auth/fields';
import { useT } from '../../i18n';
import { useSubmit } from '../../lib/use-submit';
import { problemText } from './problem-text';
import { turnOff } from './two-factor-api';

/** Turning 2FA off: a current code from the app, or (switch) a backup code. */
export function TurnOffForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const t = useT('inverse');
  const [backup, setBackup] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { submit: send, busy } = useSubmit(async (factor: { code: string } | { backup_code: string }) => {
    const outcome = await turnOff(factor);
    if (outcome.ok) return onDone();
    setValue('');
    setError(problemText(t, outcome.problem, t('auth.errors.generic')));
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const entered = value.trim();
    const missing = backup
      ? entered === ''
        ? t('twoFactor.login.backupRequired')
        : undefined
      : entered.length === 6
        ? undefined
        : t('auth.code.invalid');
    setError(missing);
    if (!missing) void send(backup ? { backup_code: entered } : { code: entered });
  };
  return (
    <form className="gh-form" noValidate onSubmit={submit} aria-busy={busy}>
      <p>{t('twoFactor.disable.text')}</p>
      {backup ? (
        <TextField
          id="two-factor-off-backup"
          name="backup_code"
          label={t('twoFactor.login.backupLabel')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={error}
        />
      ) : (
        <DigitsField
          id="two-factor-off-code"
          name="code"
          label={t('twoFactor.login.codeLabel')}
          value={value}
          onValueChange={setValue}
          error={error}
        />
      )}
      <div className="gh-links">
        <button type="submit" className="gh-button" disabled={busy}>
          {t('twoFactor.disable.submit')}
        </button>
        <button
          type="button"
          className="gh-link-button"
          onClick={() => {
            setBackup(!backup);
            setValue('');
            setError(undefined);
          }}
        >
          {t(backup ? 'twoFactor.login.useApp' : 'twoFactor.login.useBackup')}
        </button>
        <button type="button" className="gh-link-button" onClick={onCancel}>
          {t('twoFactor.section.cancel')}
        </button>
      </div>
    </form>
  );
}
