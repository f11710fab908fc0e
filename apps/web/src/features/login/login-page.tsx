import type { LoginNeedVerify } from '@gatehouse/contract';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { useBootstrap } from '../../app/bootstrap-context';
import { openModal } from '../../app/feedback/modal';
import { PageIntro } from '../../app/page-intro';
import { useLocalePath } from '../../app/page-location';
import { useT, type TFunction } from '../../i18n';
import { AccountFields, EMPTY_ACCOUNT, type AccountValue } from '../auth-common/account-fields';
import { useAuthContext, type AuthContext } from '../auth-common/auth-context';
import { useAuthFlow } from '../auth-common/auth-flow';
import { FormAlert, PasswordField, StepHeading } from '../auth-common/fields';
import { callingCodeOf, identifierError, identifierOf } from '../auth-common/identifier';
import type { LoginOutcome } from './login-actions';

// The calls, password encryption, error texts and redirect rules (with the API client behind them)
// load when the visitor first uses the form, not with the page: the login page then loads almost
// like a bare React page (npm run bench:web measures both moments).
const loadActions = () => import('./login-actions');
// The code step shows only when the server asks for one (a new device).
const VerifyStep = lazy(() => import('./login-verify-step'));

/** What the risk pre-check said: whether the form is refused outright. */
interface RiskNotice {
  refused: boolean;
}

/**
 * The login page (spec §2 flows): account and password → (a code when the device is new or risk asks) →
 * the redirect of §2. Loaded eagerly as the entry page.
 */
export function LoginPage() {
  const t = useT('inverse');
  const search = useSearch();
  const query = new URLSearchParams(search);
  const ctx = useAuthContext();
  const flow = useAuthFlow();
  const [challenge, setChallenge] = useState<LoginNeedVerify | null>(null);
  const [moved, setMoved] = useState(false);
  const [risk, setRisk] = useState<RiskNotice | null>(null);
  const [unlocked, setUnlocked] = useState<boolean | null>(null);

  const source = query.get('source');
  const tmpToken = query.get('tmp_token');
  const unlockToken = query.get('unlock');

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

  useEffect(() => {
    // Quick login (spec §4): on when tmp_token is present on a login path; the form stays as the fallback.
    if (!tmpToken) return;
    let live = true;
    void loadActions().then(async (login) => {
      if ((await login.quickLogin(tmpToken)) && live) await login.finish(ctx, flow);
    });
    return () => {
      live = false;
    };
    // Once per page view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    // The unlock link (docs/flows/login.md "Lockout"): trust this browser, then drop the token from
    // the address bar so it is neither bookmarked nor sent on as a referrer.
    if (!unlockToken) return;
    let live = true;
    const rest = new URLSearchParams(search);
    rest.delete('unlock');
    const kept = rest.toString();
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${kept ? `?${kept}` : ''}`,
    );
    void loadActions().then(async (login) => {
      const trusted = await login.unlockBrowser(unlockToken);
      if (live) setUnlocked(trusted);
    });
    return () => {
      live = false;
    };
    // Once per page view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const notice =
    unlocked !== null
      ? t(unlocked ? 'login.notice.unlocked' : 'login.notice.unlockFailed')
      : source === 'commit_login'
        ? t('login.notice.accountReady')
        : source === 'password_reset'
          ? t('login.notice.passwordReset')
          : undefined;

  return (
    <PageIntro title={t('pages.login.title')} text={t('pages.login.intro')}>
      {notice && (
        <p className="gh-notice" role="status">
          {notice}
        </p>
      )}
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
    </PageIntro>
  );
}

/** The text for a login outcome, or undefined when there is nothing (more) to say. */
export function loginOutcomeText(t: TFunction, outcome: LoginOutcome): string | undefined {
  switch (outcome.kind) {
    case 'wrong-password':
      return t('login.errors.attemptsLeft', { count: outcome.attemptsLeft });
    case 'locked':
      return t('login.errors.locked', { minutes: outcome.minutes });
    case 'ip-limit':
      return t('login.errors.ipLimit', { minutes: outcome.minutes });
    case 'banned':
      return t('login.errors.banned');
    case 'captcha':
      return t('login.risk.check');
    case 'error':
      return outcome.message;
    default:
      return undefined;
  }
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
  onChallenge: (challenge: LoginNeedVerify) => void;
}) {
  const t = useT('inverse');
  const flow = useAuthFlow();
  const { siteDefinition, passwordKey } = useBootstrap();
  const to = useLocalePath();
  const [account, setAccount] = useState<AccountValue>(EMPTY_ACCOUNT);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ account?: string | undefined; password?: string | undefined }>({});
  const [alert, setAlert] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const phoneAllowed = siteDefinition.phoneSignUp;
  const kind = phoneAllowed ? account.kind : 'email';
  const query = ctx.search ? `?${ctx.search}` : '';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
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
    setBusy(true);
    try {
      if ((await checkRisk())?.refused) return;
      const login = await loadActions();
      // Captcha: the site's login scene, run by submitLoginWithCaptcha at submit time (docs/captcha.md).
      // null: cancelled, or unavailable (the toast was shown): the form is usable again.
      const outcome = await login.submitLoginWithCaptcha({
        identifier: identifierOf(kind, account.email, callingCodeOf(account.country), account.mobile),
        password,
        passwordKey,
        regulated: siteDefinition.regulated,
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
      if (outcome.kind === 'banned') {
        if (outcome.selfUnblock) {
          ctx.navigate(to('/self-unblock?fromScene=login'));
          return;
        }
        void openModal({
          title: t('login.banned.title'),
          description: t('login.banned.text'),
          confirmLabel: t('auth.ok'),
        });
      }
      setAlert(loginOutcomeText(t, outcome));
    } catch {
      setAlert(t('auth.errors.generic'));
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
