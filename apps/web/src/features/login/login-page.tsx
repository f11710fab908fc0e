import type { LoginChallenge } from './login-actions';
import type { FeatureFlags } from '@gatehouse/contract/feature-flags';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { useBootstrap } from '../../lib/bootstrap-context';
import { PageIntro } from '../../components/page-intro';
import { useLocalePath } from '../../lib/page-location';
import { useI18n, useT } from '../../i18n';
import { AccountFields, EMPTY_ACCOUNT, type AccountValue } from '../../components/auth/account-fields';
import { useAuthContext, type AuthContext } from '../../lib/auth/auth-context';
import { useAuthFlow } from '../../lib/auth/auth-flow';
import { FormAlert, PasswordField, StepHeading } from '../../components/auth/fields';
import { callingCodeOf, identifierError, identifierOf } from '../../lib/auth/identifier';
import { useSubmit } from '../../lib/use-submit';
import { pageFeatureFlags } from '../../lib/web-config/page-feature-flags';
import { PasskeyLogin } from './passkey-login';

// The calls, password encryption, error texts and redirect rules (with the API client behind them)
// load when the visitor first uses the form, not with the page: the login page then loads almost
// like a bare React page (npm run bench:web measures both moments).
const loadActions = () => import('./login-actions');
// The code step shows only when the server asks for one (a new device), and the authenticator step
// (its own chunk, loaded by this one) only for an account with 2FA.
const VerifyStep = lazy(() => import('./login-verify-step'));
// Quick login and the unlock link: only when the page was opened with their token.
const LoginArrival = lazy(() => import('./login-arrival'));
// QR-code login: the panel and its QR encoder load when the visitor opens it (the page-load budget).
const QrLoginPanel = lazy(() => import('./qr-login-panel'));

/** What the risk pre-check said: whether the form is refused outright. */
interface RiskNotice {
  refused: boolean;
}

/**
 * The login page (spec §2 flows): account and password → (a code when the device is new or risk asks) →
 * (the authenticator code when the account has 2FA) → the redirect of §2. Loaded eagerly as the entry page.
 */
export function LoginPage() {
  const t = useT('inverse');
  const search = useSearch();
  const query = new URLSearchParams(search);
  const ctx = useAuthContext();
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);
  const [moved, setMoved] = useState(false);
  const [risk, setRisk] = useState<RiskNotice | null>(null);

  const source = query.get('source');
  // Switched-off features (docs/configuration.md "Feature flags"): the page's own copy, inlined by the
  // server (issue 12). Without one (a page not served by Gatehouse, tests), known shortly after the first
  // render through the form's actions chunk (which has the API client the call needs) and the web config
  // call the captcha makes at submit time, cached. Unknown means on.
  const [inlineFlags] = useState(pageFeatureFlags);
  const [flags, setFlags] = useState<Partial<FeatureFlags>>(inlineFlags ?? {});
  useEffect(() => {
    if (inlineFlags) return;
    void loadActions()
      .then((login) => login.fetchFeatureFlags())
      .then(setFlags);
  }, [inlineFlags]);
  // Spec §1 demo-account login: the switch to the demo (testnet) account follows the login.
  const demo = query.get('demoAccount') === 'true' && flags.demoAccount !== false;

  // The risk check (scene 30002, spec §1 "A risk check runs at login") runs once, when the visitor
  // first focuses the form, or at the latest on submit.
  const riskChecked = useRef<Promise<RiskNotice | null> | null>(null);
  const checkRisk = () =>
    (riskChecked.current ??= loadActions()
      .then((login) => login.riskCheck())
      .then((notice) => {
        setRisk(notice);
        return notice;
      }));

  // An unlock link, or quick login's tmp_token (spec §4): handled once per page view, with the tokens
  // the page opened with (they leave the address bar at once). Quick login's notices are its own.
  const [arrival] = useState(() => ({ unlockToken: query.get('unlock'), tmpToken: query.get('tmp_token') }));
  const [unlocked, setUnlocked] = useState<boolean | null>(null);

  const notice =
    unlocked !== null
      ? t(unlocked ? 'login.notice.unlocked' : 'login.notice.unlockFailed')
      : source === 'commit_login'
        ? t('login.notice.accountReady')
        : source === 'password_reset'
          ? t('login.notice.passwordReset')
          : source === 'self_unblock'
            ? t('selfUnblock.loginNotice')
            : undefined;

  return (
    <PageIntro title={t('pages.login.title')} text={t('pages.login.intro')}>
      {(arrival.unlockToken || arrival.tmpToken) && (
        <Suspense>
          <LoginArrival {...arrival} onUnlocked={setUnlocked} />
        </Suspense>
      )}
      {notice && (
        <p className="gh-notice" role="status">
          {notice}
        </p>
      )}
      {demo && <p className="gh-notice">{t('demoAccount.loginNotice')}</p>}
      {challenge ? (
        <Suspense>
          <VerifyStep
            ctx={ctx}
            challenge={challenge}
            onChallenge={setChallenge}
            onBack={() => {
              setChallenge(null);
              setMoved(true);
            }}
          />
        </Suspense>
      ) : (
        <AccountStep
          ctx={ctx}
          focus={moved}
          risk={risk}
          checkRisk={checkRisk}
          onChallenge={(next) => {
            setChallenge(next);
            setMoved(true);
          }}
        />
      )}
      {!challenge && <PasskeyLogin ctx={ctx} />}
      {!challenge && flags.qrLogin !== false && <QrLogin ctx={ctx} />}
    </PageIntro>
  );
}

/** The QR-code login toggle and, once opened, its panel (a disclosure: `aria-expanded` says whether it is open). */
function QrLogin({ ctx }: { ctx: AuthContext }) {
  const t = useT('inverse');
  const flow = useAuthFlow();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="gh-link-button"
        aria-expanded={open}
        aria-controls="login-qr"
        onClick={() => setOpen(!open)}
      >
        {t('qrLogin.toggle')}
      </button>
      <Suspense>{open && <QrLoginPanel ctx={ctx} flow={flow} id="login-qr" />}</Suspense>
    </>
  );
}

function AccountStep({
  ctx,
  focus,
  risk,
  checkRisk,
  onChallenge,
}: {
  ctx: AuthContext;
  focus: boolean;
  risk: RiskNotice | null;
  /** Loads the form's actions and runs the risk check, once; resolves to its notice. */
  checkRisk: () => Promise<RiskNotice | null>;
  onChallenge: (challenge: LoginChallenge) => void;
}) {
  const t = useT('inverse');
  const i18n = useI18n();
  const flow = useAuthFlow();
  const { siteDefinition, passwordKey } = useBootstrap();
  const to = useLocalePath();
  const [account, setAccount] = useState<AccountValue>(EMPTY_ACCOUNT);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ account?: string | undefined; password?: string | undefined }>({});
  const [alert, setAlert] = useState<string | undefined>();
  const phoneAllowed = siteDefinition.phoneSignUp;
  const kind = phoneAllowed ? account.kind : 'email';
  const query = ctx.search ? `?${ctx.search}` : '';

  const { submit: logIn, busy } = useSubmit(async (key: string) => {
    try {
      if ((await checkRisk())?.refused) return;
      const login = await loadActions();
      // Captcha: the site's login scene, run by submitLoginWithCaptcha at submit time (docs/captcha.md).
      // null: cancelled, or unavailable (the toast was shown): the form is usable again.
      const outcome = await login.submitLoginWithCaptcha({
        identifier: identifierOf(kind, account.email, callingCodeOf(account.country), account.mobile),
        password,
        passwordKey: key,
        regulated: siteDefinition.regulated,
        selfUnblock: siteDefinition.selfUnblock,
        site: siteDefinition.id,
        extra: flow.extraBody,
      });
      if (!outcome) return;
      if (outcome.kind === 'done') {
        await login.finish(ctx, flow, outcome.tgBindResult);
        return;
      }
      if (outcome.kind === 'challenge') {
        onChallenge(outcome.challenge);
        return;
      }
      if (outcome.kind === 'wrong-password') setPassword('');
      if (outcome.kind === 'site-mismatch') {
        setAlert(undefined);
        await login.showSiteMismatch(i18n, outcome.code, outcome.message);
        return;
      }
      if (outcome.kind === 'banned') {
        await login.showBan(outcome.ban, { t, go: (path) => ctx.navigate(to(path)), retMsg: outcome.retMsg });
        if (outcome.ban.kind === 'self-unblock') return;
      }
      setAlert(login.loginOutcomeText(t, outcome));
    } catch {
      setAlert(t('auth.errors.generic'));
    }
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const accountKey = identifierError(kind, account.email, account.mobile);
    const passwordMissing = password === '';
    setErrors({
      account: accountKey && t(accountKey),
      password: passwordMissing ? t('auth.password.required') : undefined,
    });
    setAlert(undefined);
    if (accountKey || passwordMissing) {
      // After React has rendered the flags, focus the first field in error.
      setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
      return;
    }
    if (!passwordKey) {
      setAlert(t('auth.errors.generic'));
      return;
    }
    void logIn(passwordKey);
  };

  return (
    <form
      className="gh-form"
      method="post"
      noValidate
      onSubmit={submit}
      onFocus={() => void checkRisk()}
      aria-busy={busy}
    >
      <StepHeading focus={focus}>{t('login.account.title')}</StepHeading>
      <FormAlert id="login-risk">
        {risk && t(risk.refused ? 'login.risk.blockedCountry' : 'login.risk.check')}
      </FormAlert>
      <AccountFields
        idPrefix="login"
        value={account}
        onChange={setAccount}
        phoneAllowed={phoneAllowed}
        error={errors.account}
        usernameAutocomplete
        passkeyAutofill
      />
      <PasswordField
        id="login-password"
        name="password"
        label={t('auth.password.label')}
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <FormAlert id="login-result">{alert}</FormAlert>
      <button type="submit" className="gh-button" disabled={busy || risk?.refused}>
        {t('login.account.submit')}
      </button>
      <div className="gh-links">
        <Link href={to(`/forgot-password${query}`)}>{t('login.forgot')}</Link>
        <Link href={to(`${flow.links?.register ?? '/register'}${query}`)}>{t('login.signUp')}</Link>
      </div>
    </form>
  );
}
