import type { SocialProvider } from '@gatehouse/contract';
import { useState, type FormEvent } from 'react';
import { FormAlert, PasswordField } from '../../components/auth/fields';
import { useT } from '../../i18n';
import { failureOf } from '../../lib/api-error';
import { encryptPassword } from '../../lib/auth/encrypt-password';
import { useBootstrap } from '../../lib/bootstrap-context';
import { errorText } from '../../lib/error-text';
import { useApiData } from '../../lib/use-api-data';
import { fetchSocialBindings, unbindSocial } from './social-api';
import { PROVIDER_NAMES } from './social-names';
import './social-login.css';

/**
 * The dashboard's Google and Apple section (issue 16): the bound identities, each with "Unlink",
 * which asks for the password again (ASVS 7.5.1); the server never removes the last way in.
 */
export function SocialBindingsSection() {
  const t = useT('inverse');
  const { passwordKey } = useBootstrap();
  const bindings = useApiData('social-bindings', () => fetchSocialBindings());
  const [unlinking, setUnlinking] = useState<SocialProvider | null>(null);
  const [password, setPassword] = useState('');
  const [alert, setAlert] = useState<string | undefined>();
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  const list = bindings.data?.bindings ?? [];
  if (!bindings.data || (bindings.data.enabled.length === 0 && list.length === 0)) return null;

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!unlinking || !passwordKey || password === '') return;
    setBusy(true);
    setAlert(undefined);
    try {
      await unbindSocial(unlinking, await encryptPassword(password, passwordKey));
      setNotice(t('social.unbound', { provider: PROVIDER_NAMES[unlinking] }));
      setUnlinking(null);
      setPassword('');
      bindings.reload();
    } catch (error) {
      const { code, envelope } = failureOf(error);
      setAlert(envelope ? `${code}: ${await errorText(code, envelope.ret_msg)}` : t('auth.errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section id="social-logins" className="gh-social-bindings" aria-labelledby="dashboard-social">
      <h2 id="dashboard-social">{t('social.bindingsTitle')}</h2>
      {list.length === 0 && <p>{t('social.bindingsNone')}</p>}
      <ul>
        {list.map((b) => (
          <li key={b.provider}>
            <strong>{PROVIDER_NAMES[b.provider]}</strong> {b.email ?? b.name ?? ''}{' '}
            <button
              type="button"
              className="gh-link-button"
              disabled={busy}
              aria-expanded={unlinking === b.provider}
              aria-controls="social-unlink"
              onClick={() => {
                setUnlinking(unlinking === b.provider ? null : b.provider);
                setAlert(undefined);
              }}
            >
              {t('social.unbind', { provider: PROVIDER_NAMES[b.provider] })}
            </button>
          </li>
        ))}
      </ul>
      {unlinking && (
        <form
          id="social-unlink"
          className="gh-form"
          noValidate
          onSubmit={(e) => void confirm(e)}
          aria-busy={busy}
        >
          <PasswordField
            id="social-unlink-password"
            name="password"
            label={t('social.passwordLabel')}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <FormAlert id="social-unlink-result">{alert}</FormAlert>
          <button type="submit" className="gh-button" disabled={busy}>
            {t('social.confirmUnbind')}
          </button>
        </form>
      )}
      <p role="status">{notice}</p>
    </section>
  );
}
