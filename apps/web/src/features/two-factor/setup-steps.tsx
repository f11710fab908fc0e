import type { TwoFactorSetup } from '@gatehouse/contract';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { DigitsField } from './digits-field';
import { PasswordField, TextField } from '../../components/auth/fields';
import { toast } from '../../components/feedback/toast';
import { useT } from '../../i18n';
import { encryptPassword } from '../../lib/auth/encrypt-password';
import { useBootstrap } from '../../lib/bootstrap-context';
import { useSubmit } from '../../lib/use-submit';
import { problemText } from './problem-text';
import { confirmSetup, startSetup } from './two-factor-api';

// The QR encoder loads only when the set-up reaches the code (uqr, components/qr-code.tsx).
const QrCode = lazy(() => import('../../components/qr-code').then((m) => ({ default: m.QrCode })));

/** Set-up, step 1: the password again (the server asks for it every time). */
export function PasswordStep({
  onStarted,
  onCancel,
}: {
  onStarted: (setup: TwoFactorSetup) => void;
  onCancel: () => void;
}) {
  const t = useT('inverse');
  const { passwordKey } = useBootstrap();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { submit: send, busy } = useSubmit(async (entered: string) => {
    if (!passwordKey) return setError(t('auth.errors.generic'));
    const outcome = await startSetup(await encryptPassword(entered, passwordKey));
    if (outcome.ok) return onStarted(outcome.value);
    setPassword('');
    setError(problemText(t, outcome.problem, t('twoFactor.setup.expired')));
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(password === '' ? t('auth.password.required') : undefined);
    if (password !== '') void send(password);
  };
  return (
    <form className="gh-form" noValidate onSubmit={submit} aria-busy={busy}>
      <p>{t('twoFactor.setup.passwordText')}</p>
      <PasswordField
        id="two-factor-password"
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
          {t('twoFactor.setup.continue')}
        </button>
        <button type="button" className="gh-link-button" onClick={onCancel}>
          {t('twoFactor.section.cancel')}
        </button>
      </div>
    </form>
  );
}

/** Set-up, step 2: the QR code and the key as text, then a current code from the app. */
export function ScanStep({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (backupCodes: string[]) => void;
  onCancel: () => void;
}) {
  const t = useT('inverse');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  // Groups of four, as apps show keys; spaces are ignored when typed in.
  const key = setup.secret.replace(/(.{4})(?=.)/g, '$1 ');
  const { submit: send, busy } = useSubmit(async (entered: string) => {
    const outcome = await confirmSetup(entered);
    if (outcome.ok) return onEnabled(outcome.value.backup_codes);
    setCode('');
    setError(problemText(t, outcome.problem, t('twoFactor.setup.expired')));
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(code.length === 6 ? undefined : t('auth.code.invalid'));
    if (code.length === 6) void send(code);
  };
  const copyKey = () => {
    navigator.clipboard.writeText(setup.secret).then(
      () => toast(t('twoFactor.setup.copied'), { kind: 'success' }),
      () => toast(t('auth.errors.generic'), { kind: 'error' }),
    );
  };
  return (
    <form className="gh-form" noValidate onSubmit={submit} aria-busy={busy}>
      <h3>{t('twoFactor.setup.scanTitle')}</h3>
      <p>{t('twoFactor.setup.scanText')}</p>
      <Suspense>
        <QrCode text={setup.otpauth_uri} label={t('twoFactor.setup.qrLabel')} />
      </Suspense>
      <TextField
        id="two-factor-key"
        label={t('twoFactor.setup.keyLabel')}
        readOnly
        value={key}
        spellCheck={false}
        addon={
          <button type="button" className="gh-toggle" onClick={copyKey}>
            {t('twoFactor.setup.copyKey')}
          </button>
        }
      />
      <DigitsField
        id="two-factor-code"
        name="code"
        label={t('twoFactor.setup.codeLabel')}
        required
        value={code}
        onValueChange={setCode}
        error={error}
      />
      <div className="gh-links">
        <button type="submit" className="gh-button" disabled={busy}>
          {t('twoFactor.setup.confirm')}
        </button>
        <button type="button" className="gh-link-button" onClick={onCancel}>
          {t('twoFactor.section.cancel')}
        </button>
      </div>
    </form>
  );
}

/** Set-up, step 3: the backup codes, shown this once, to copy or download. */
export function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT('inverse');
  const text = `${t('twoFactor.setup.fileTitle')}\n\n${codes.join('\n')}\n`;
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => toast(t('twoFactor.setup.copied'), { kind: 'success' }),
      () => toast(t('auth.errors.generic'), { kind: 'error' }),
    );
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'backup-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <div>
      <h3 id="two-factor-codes-title">{t('twoFactor.setup.codesTitle')}</h3>
      <p>{t('twoFactor.setup.codesText')}</p>
      <ul aria-labelledby="two-factor-codes-title" className="gh-backup-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="gh-links">
        <button type="button" className="gh-link-button" onClick={copy}>
          {t('twoFactor.setup.copyCodes')}
        </button>
        <button type="button" className="gh-link-button" onClick={download}>
          {t('twoFactor.setup.downloadCodes')}
        </button>
      </div>
      <p className="gh-notice" role="status">
        {t('twoFactor.setup.enabled')}
      </p>
      <button type="button" className="gh-button" onClick={onDone}>
        {t('twoFactor.setup.done')}
      </button>
    </div>
  );
}
