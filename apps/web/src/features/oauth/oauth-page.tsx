import type { OAuthAuthorizeQuery, OAuthClientInfo } from '@gatehouse/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useBootstrap } from '../../app/bootstrap-context';
import { PageIntro } from '../../app/page-intro';
import { useLocalePath, usePageLocation } from '../../app/page-location';
import { PageLoading } from '../../app/shell/page-loading';
import { useT } from '../../i18n';
import { failureOf } from '../auth-common/api-error';
import { AuthFlowContext, type AuthFlow } from '../auth-common/auth-flow';
import { LoginPage } from '../login/login-page';
import { fetchClientInfo, preAuthorize, readAuthRequest } from './oauth-api';
import { AppLogo, describeFailure, OAuthProblem, type OAuthFailure } from './oauth-parts';

// The sign-up form is only needed on /oauth-register (or after "sign up"): its own chunk, as in the router.
const RegisterPage = lazy(() =>
  import('../register/register-page').then((module) => ({ default: module.RegisterPage })),
);

/** Not logged in (contract RetCode.SESSION_EXPIRED): pre_authorize's way of saying "log in first". */
const SESSION_EXPIRED = 10006;

/** Where switching between the embedded forms goes: these paths keep the OAuth entry around them. */
const FLOW_LINKS = { login: '/oauth-login', register: '/oauth-register' } as const;

type View =
  | { kind: 'checking' }
  | { kind: 'problem'; failure: OAuthFailure }
  | { kind: 'sign-in'; client: OAuthClientInfo };

/**
 * The OAuth entry (`/oauth`, `/oauth-login`, `/oauth-register`; spec §2): checks the app's request
 * (client_info: an unknown client or return address is an error here, never a redirect), then
 * pre-authorizes. Logged in → the consent page at once; otherwise the login form (or the sign-up
 * form on /oauth-register) runs inside this flow, and on success pre-authorizes again. ret_code 0
 * → `/{lang}/oauth-authorized` with the same query (spec §2 "Redirects after success").
 */
export function OauthPage() {
  const t = useT('inverse');
  const search = useSearch();
  const { route } = usePageLocation();
  const to = useLocalePath();
  const [, navigate] = useLocation();
  // The request as it arrived: switching between the forms keeps the query, so it cannot change.
  const [request] = useState(() => readAuthRequest(search));
  const [view, setView] = useState<View>(() =>
    request
      ? { kind: 'checking' }
      : { kind: 'problem', failure: { message: t('oauth.error.incomplete'), backTo: null, retry: false } },
  );
  const [attempt, setAttempt] = useState(0);
  const consentPath = to(`/oauth-authorized?${search}`);

  const fail = async (error: unknown) =>
    setView({ kind: 'problem', failure: await describeFailure(error, t('oauth.error.generic')) });

  useEffect(() => {
    if (!request) return;
    let live = true;
    // pre_authorize needs no answer from client_info, so both go out at once; client_info decides first.
    const pre = preAuthorize(request).then(
      () => ({ ok: true as const }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    fetchClientInfo(request)
      .then(async (client) => {
        const outcome = await pre;
        if (!live) return;
        if (outcome.ok) navigate(consentPath, { replace: true });
        else if (failureOf(outcome.error).code === SESSION_EXPIRED) setView({ kind: 'sign-in', client });
        else await fail(outcome.error);
      })
      .catch((error: unknown) => {
        if (live) void fail(error);
      });
    return () => {
      live = false;
    };
    // Once per visit and per "try again"; the request and paths are this page's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  if (view.kind === 'sign-in') {
    return (
      <SignIn
        client={view.client}
        request={request}
        register={route?.path === FLOW_LINKS.register}
        onAuthorized={() => navigate(consentPath)}
        onFailure={fail}
      />
    );
  }
  return (
    <PageIntro title={t('pages.oauth.title')} text={t('pages.oauth.intro')}>
      {view.kind === 'checking' && <p role="status">{t('oauth.checking')}</p>}
      {view.kind === 'problem' && (
        <OAuthProblem
          failure={view.failure}
          onRetry={() => {
            setView({ kind: 'checking' });
            setAttempt((n) => n + 1);
          }}
        />
      )}
    </PageIntro>
  );
}

/** The login or sign-up page, under a line that says which app is asking, run inside the OAuth flow. */
function SignIn({
  client,
  request,
  register,
  onAuthorized,
  onFailure,
}: {
  client: OAuthClientInfo;
  request: OAuthAuthorizeQuery | null;
  register: boolean;
  onAuthorized: () => void;
  onFailure: (error: unknown) => Promise<void>;
}) {
  const t = useT('inverse');
  const { product } = useBootstrap();
  const flow: AuthFlow = {
    links: FLOW_LINKS,
    // The login and sign-up pages await this; it settles every outcome itself.
    onDone: async () => {
      if (!request) return;
      try {
        await preAuthorize(request);
        onAuthorized();
      } catch (error) {
        await onFailure(error);
      }
    },
  };
  return (
    <>
      <div className="gh-oauth-app">
        <AppLogo client={client} />
        <p>{t(register ? 'oauth.signIn.register' : 'oauth.signIn.login', { app: client.name, product })}</p>
      </div>
      <AuthFlowContext.Provider value={flow}>
        {register ? (
          <Suspense fallback={<PageLoading />}>
            <RegisterPage />
          </Suspense>
        ) : (
          <LoginPage />
        )}
      </AuthFlowContext.Provider>
    </>
  );
}
