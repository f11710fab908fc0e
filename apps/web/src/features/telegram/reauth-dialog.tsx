import { RetCode } from '@gatehouse/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { useBootstrap } from '../../lib/bootstrap-context';
import { MODAL_WIDTH_PX } from '../../components/feedback/modal';
import { useT } from '../../i18n';
import { failureOf } from '../../lib/api-error';
import { encryptPassword } from '../../lib/auth/encrypt-password';
import { PasswordField } from '../../components/auth/fields';
import type { ReauthProof } from './telegram-api';
import { useSubmit } from '../../lib/use-submit';

export type ReauthOutcome<T> = { ok: true; value: T } | { ok: false };

interface Asking {
  /** Resolves to an error text to show in the dialog, or undefined when the call went through. */
  submit: (password: string) => Promise<string | undefined>;
  cancel: () => void;
}

/**
 * Re-authentication for binding and unbinding (ASVS 7.5.1, server answer 43006): `run(call)` makes the
 * call; when the server wants the password, an accessible dialog asks for it and the call is repeated
 * with `encrypt_password`/`encrypt_timestamp`. A wrong password keeps the dialog open with the reason;
 * Cancel resolves `{ok: false}`. Other failures reject, for the caller to show. Render `dialog`.
 */
export function useReauth(): {
  run: <T>(call: (proof?: ReauthProof) => Promise<T>) => Promise<ReauthOutcome<T>>;
  dialog: ReactNode;
} {
  const t = useT('inverse');
  const { passwordKey } = useBootstrap();
  const [asking, setAsking] = useState<Asking | null>(null);

  const run = useCallback(
    async <T,>(call: (proof?: ReauthProof) => Promise<T>): Promise<ReauthOutcome<T>> => {
      try {
        return { ok: true, value: await call() };
      } catch (error) {
        if (failureOf(error).code !== RetCode.TelegramReauthRequired) throw error;
      }
      return new Promise<ReauthOutcome<T>>((resolve, reject) => {
        setAsking({
          submit: async (password) => {
            if (!passwordKey) return t('auth.errors.generic');
            try {
              const value = await call(await encryptPassword(password, passwordKey));
              setAsking(null);
              resolve({ ok: true, value });
              return undefined;
            } catch (error) {
              if (failureOf(error).code === RetCode.PasswordWrong) return t('telegram.reauth.wrong');
              setAsking(null);
              reject(error instanceof Error ? error : new Error(String(error)));
              return undefined;
            }
          },
          cancel: () => {
            setAsking(null);
            resolve({ ok: false });
          },
        });
      });
    },
    [passwordKey, t],
  );

  return { run, dialog: asking ? <ReauthDialog asking={asking} /> : null };
}

function ReauthDialog({ asking }: { asking: Asking }) {
  const t = useT('inverse');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { submit: send, busy } = useSubmit(async (entered: string) => {
    const problem = await asking.submit(entered);
    // After success the dialog is gone; only a wrong password comes back here.
    if (problem) {
      setPassword('');
      setError(problem);
    }
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      setError(t('auth.password.required'));
      return;
    }
    setError(undefined);
    void send(password);
  };

  return (
    <Dialog.Root open onOpenChange={(open) => open || asking.cancel()}>
      <Dialog.Portal>
        <Dialog.Overlay
          className="gh-modal-overlay"
          style={{ position: 'fixed', inset: 0, background: 'rgba(0, 0, 0, 0.5)', zIndex: 1000 }}
        />
        <Dialog.Content
          className="gh-modal"
          style={{
            position: 'fixed',
            top: '50%',
            left: '50%',
            transform: 'translate(-50%, -50%)',
            width: MODAL_WIDTH_PX,
            maxWidth: 'calc(100vw - 32px)',
            boxSizing: 'border-box',
            padding: 24,
            borderRadius: 12,
            background: 'var(--gh-bg, #fff)',
            color: 'var(--gh-fg, #121214)',
            zIndex: 1001,
          }}
        >
          <Dialog.Title className="gh-modal-title">{t('telegram.reauth.title')}</Dialog.Title>
          <Dialog.Description className="gh-modal-description">
            {t('telegram.reauth.text')}
          </Dialog.Description>
          <form className="gh-form" noValidate onSubmit={submit} aria-busy={busy}>
            <PasswordField
              id="tg-reauth-password"
              name="password"
              label={t('auth.password.label')}
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={error}
            />
            <div className="gh-modal-actions">
              <button type="button" className="gh-button gh-button-secondary" onClick={asking.cancel}>
                {t('telegram.reauth.cancel')}
              </button>
              <button type="submit" className="gh-button gh-button-primary" disabled={busy}>
                {t('telegram.reauth.confirm')}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
