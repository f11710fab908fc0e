import type { PasskeyInfo } from '@gatehouse/contract';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/auth/fields';
import { toast } from '../../components/feedback/toast';
import { useI18n, useT } from '../../i18n';
import { useApiData } from '../../lib/use-api-data';
import { useSubmit } from '../../lib/use-submit';
import { PasswordForm } from './password-form';
import { addPasskey, fetchPasskeys, removePasskey, renamePasskey } from './passkeys-api';
import { formatDate, problemText } from './problem-text';
import '../../components/auth/auth.css';

type View =
  | { kind: 'list' }
  | { kind: 'add' }
  | { kind: 'rename'; passkey: PasskeyInfo }
  | { kind: 'remove'; passkey: PasskeyInfo };

/**
 * The dashboard's "Passkeys" (issue 17, docs/flows/passkeys.md): the account's passkeys with when
 * they were added and last used; adding one (the password, then the browser's dialog), renaming,
 * and removing one (the password again).
 */
export function PasskeysSection() {
  const t = useT('inverse');
  const passkeys = useApiData('passkeys', () => fetchPasskeys());
  const [view, setView] = useState<View>({ kind: 'list' });
  const back = () => setView({ kind: 'list' });
  const changed = (message: string) => {
    toast(message, { kind: 'success' });
    setView({ kind: 'list' });
    passkeys.reload();
  };
  const supported = typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

  return (
    <section aria-labelledby="dashboard-passkeys">
      <h2 id="dashboard-passkeys">{t('passkeys.title')}</h2>
      <p>{t('passkeys.intro')}</p>
      {view.kind === 'add' && (
        <PasswordForm
          id="passkey-add-password"
          text={t('passkeys.addText')}
          submitLabel={t('passkeys.continue')}
          action={addPasskey}
          onDone={() => changed(t('passkeys.added'))}
          onCancel={back}
        />
      )}
      {view.kind === 'rename' && (
        <RenameForm passkey={view.passkey} onDone={() => changed(t('passkeys.renamed'))} onCancel={back} />
      )}
      {view.kind === 'remove' && (
        <PasswordForm
          id="passkey-remove-password"
          text={t('passkeys.removeText', { name: view.passkey.name })}
          submitLabel={t('passkeys.remove')}
          action={(password) => removePasskey(view.passkey.id, password)}
          onDone={() => changed(t('passkeys.removed'))}
          onCancel={back}
        />
      )}
      {view.kind === 'list' && (
        <List
          passkeys={passkeys.data}
          failed={passkeys.error !== undefined}
          onRetry={passkeys.reload}
          onRename={(passkey) => setView({ kind: 'rename', passkey })}
          onRemove={(passkey) => setView({ kind: 'remove', passkey })}
        />
      )}
      {view.kind === 'list' &&
        (supported ? (
          <button type="button" className="gh-button" onClick={() => setView({ kind: 'add' })}>
            {t('passkeys.add')}
          </button>
        ) : (
          <p>{t('passkeys.unsupported')}</p>
        ))}
    </section>
  );
}

function List({
  passkeys,
  failed,
  onRetry,
  onRename,
  onRemove,
}: {
  passkeys: PasskeyInfo[] | undefined;
  failed: boolean;
  onRetry: () => void;
  onRename: (passkey: PasskeyInfo) => void;
  onRemove: (passkey: PasskeyInfo) => void;
}) {
  const t = useT('inverse');
  const { language } = useI18n();
  if (failed && !passkeys) {
    return (
      <div role="alert">
        <p>{t('passkeys.error')}</p>
        <button type="button" className="gh-button" onClick={onRetry}>
          {t('dashboard.retry')}
        </button>
      </div>
    );
  }
  if (!passkeys) return <p role="status">{t('passkeys.loading')}</p>;
  if (passkeys.length === 0) return <p>{t('passkeys.none')}</p>;
  return (
    <ul className="gh-bound" aria-label={t('passkeys.title')}>
      {passkeys.map((passkey) => (
        <li key={passkey.id}>
          <span>{passkey.name}</span>{' '}
          <span>
            {t('passkeys.created', { date: formatDate(passkey.created_at, language) })}
            {' · '}
            {passkey.last_used_at === null
              ? t('passkeys.neverUsed')
              : t('passkeys.lastUsed', { date: formatDate(passkey.last_used_at, language) })}
            {passkey.synced && ` · ${t('passkeys.synced')}`}
          </span>{' '}
          <button
            type="button"
            className="gh-link-button"
            aria-label={t('passkeys.renameNamed', { name: passkey.name })}
            onClick={() => onRename(passkey)}
          >
            {t('passkeys.rename')}
          </button>{' '}
          <button
            type="button"
            className="gh-link-button"
            aria-label={t('passkeys.removeNamed', { name: passkey.name })}
            onClick={() => onRemove(passkey)}
          >
            {t('passkeys.remove')}
          </button>
        </li>
      ))}
    </ul>
  );
}

function RenameForm({
  passkey,
  onDone,
  onCancel,
}: {
  passkey: PasskeyInfo;
  onDone: () => void;
  onCancel: () => void;
}) {
  const t = useT('inverse');
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | undefined>();
  const { submit: send, busy } = useSubmit(async (entered: string) => {
    const outcome = await renamePasskey(passkey.id, entered);
    if (outcome.ok) return onDone();
    setError(problemText(t, outcome.problem));
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const entered = name.trim();
    setError(entered === '' ? t('passkeys.nameRequired') : undefined);
    if (entered !== '') void send(entered);
  };
  return (
    <form className="gh-form" noValidate onSubmit={submit} aria-busy={busy}>
      <TextField
        id="passkey-name"
        name="passkey-name"
        label={t('passkeys.nameLabel')}
        autoComplete="off"
        maxLength={64}
        required
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={error}
      />
      <div className="gh-links">
        <button type="submit" className="gh-button" disabled={busy}>
          {t('passkeys.save')}
        </button>
        <button type="button" className="gh-link-button" onClick={onCancel}>
          {t('passkeys.cancel')}
        </button>
      </div>
    </form>
  );
}
