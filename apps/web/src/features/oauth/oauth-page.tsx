import { RetCode } from '@gatehouse/contract';
import type { OAuthAuthorizeQuery, OAuthClientInfo } from '@gatehouse/contract';
import { Suspense, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useBootstrap } from '../../lib/bootstrap-context';
import { PageIntro } from '../../components/page-intro';
import { useLocalePath, usePageLocation } from '../../lib/page-location';
import { PageLoading } from '../../components/shell/page-loading';
import { useT } from '../../i18n';
import { failureOf } from '../../lib/api-error';
import { useApiData } from '../../lib/use-api-data';
import { AuthFlowContext, type AuthFlow, type SignInForms } from '../../lib/auth/auth-flow';
import { fetchClientInfo, preAuthorize, readAuthRequest } from './oauth-api';
import { AppLogo, describeFailure, OAuthProblem, type OAuthFailure } from './oauth-parts';

/** Where switching between the embedded forms goes: these paths keep the OAuth entry around them. */
const FLOW_LINKS = { login: '/oauth-login', register: '/oauth-register' } as const;

/** What the checks on arrival found. */
type Checked =
  | { kind: 'problem'; failure: OAuthFailure }
  | { kind: 'sign-in'; client: OAuthClientInfo }
  /** Logged in and allowed: on the way to the consent page. */
  | { kind: 'authorized' };

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
 * `forms` are the login and sign-up pages, handed in by the app (`app/routes/oauth-route.tsx`).
 */
export function OauthPage({ forms }: { forms: SignInForms }) {
  const t = useT('inverse');
  const search = useSearch();
  const { route } = usePageLocation();
  const to = useLocalePath();
  const [, navigate] = useLocation();
  // The request as it arrived: switching between the forms keeps the query, so it cannot change.
  const [request] = useState(() => readAuthRequest(search));
  const incomplete: OAuthFailure = { message: t('oauth.error.incomplete'), backTo: null, retry: false };
  // A failure after the check (the login succeeded, pre-authorize did not): shown until "try again".
  const [late, setLate] = useState<OAuthFailure | null>(null);
  const consentPath = to(`/oauth-authorized?${search}`);

  const fail = async (error: unknown) => setLate(await describeFailure(error, t('oauth.error.generic')));

  // Once per visit and per "try again": client_info decides first, then pre-authorize.
  const check = useApiData(
    request ? 'oauth-entry' : null,
    async (): Promise<Checked> => {
      if (!request) return { kind: 'problem', failure: incomplete };
      // pre_authorize needs no answer from client_info, so both go out at once; client_info decides first.
      const pre = preAuthorize(request).then(
        () => ({ ok: true as const }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      try {
        const client = await fetchClientInfo(request);
        const outcome = await pre;
        if (outcome.ok) return { kind: 'authorized' };
        if (failureOf(outcome.error).code === RetCode.SessionExpired) return { kind: 'sign-in', client };
        throw outcome.error;
      } catch (error) {
        return { kind: 'problem', failure: await describeFailure(error, t('oauth.error.generic')) };
      }
    },
    {
      onData: (checked) => {
        if (checked.kind === 'authorized') navigate(consentPath, { replace: true });
      },
    },
  );

  const view: View = !request
    ? { kind: 'problem', failure: incomplete }
    : late
      ? { kind: 'problem', failure: late }
      : check.loading || !check.data || check.data.kind === 'authorized'
        ? { kind: 'checking' }
        : check.data;

  if (view.kind === 'sign-in') {
    return (
      <SignIn
        forms={forms}
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
            setLate(null);
            check.reload();
          }}
        />
      )}
    </PageIntro>
  );
}

/** The login or sign-up page, under a line that says which app is asking, run inside the OAuth flow. */
function SignIn({
  forms: { Login, Register },
  client,
  request,
  register,
  onAuthorized,
  onFailure,
}: {
  forms: SignInForms;
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
            <Register />
          </Suspense>
        ) : (
          <Login />
        )}
      </AuthFlowContext.Provider>
    </>
  );
}
