import type { OAuthConfirmRequest, OAuthPreAuthorize } from '@gatehouse/contract';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useBootstrap } from '../../app/bootstrap-context';
import { PageIntro } from '../../app/page-intro';
import { useLocalePath } from '../../app/page-location';
import { useT } from '../../i18n';
import { failureOf } from '../auth-common/api-error';
import { leaveForApp } from '../oauth/leave-for-app';
import { authorize, confirmAuth, preAuthorize, readAuthRequest } from '../oauth/oauth-api';
import { AppLogo, describeFailure, OAuthProblem, type OAuthFailure } from '../oauth/oauth-parts';

/** Not logged in (contract RetCode.SESSION_EXPIRED). */
const SESSION_EXPIRED = 10006;

type View =
  | { kind: 'checking' }
  | { kind: 'problem'; failure: OAuthFailure }
  | { kind: 'consent'; details: OAuthPreAuthorize }
  /** On the way back to the app (a remembered consent, or the user decided). */
  | { kind: 'leaving' };

/**
 * The consent screen (`/oauth-authorized`, `/authorized`, `/tr-authorized`): the app's name and logo,
 * the scopes in plain words, the account it will act for, Accept and Decline. A consent already on
 * record (authorize answers `redirect_to`) goes straight back to the app. The page may not be framed
 * (`frame-ancestors 'none'` and `X-Frame-Options: DENY` on every page), so no other site can trick a
 * click on Accept.
 */
export function OauthAuthorizedPage() {
  const t = useT('inverse');
  const search = useSearch();
  const to = useLocalePath();
  const [, navigate] = useLocation();
  const [request] = useState(() => readAuthRequest(search));
  const [view, setView] = useState<View>(() =>
    request
      ? { kind: 'checking' }
      : { kind: 'problem', failure: { message: t('oauth.error.incomplete'), backTo: null, retry: false } },
  );
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | undefined>();

  const fail = async (error: unknown) => {
    // Logged out meanwhile (or a bookmarked consent page): log in first, then back here.
    if (failureOf(error).code === SESSION_EXPIRED) {
      navigate(to(`/oauth-login?${search}`), { replace: true });
      return;
    }
    setView({ kind: 'problem', failure: await describeFailure(error, t('oauth.error.generic')) });
  };

  useEffect(() => {
    if (!request) return;
    let live = true;
    (async () => {
      const decision = await authorize(request);
      if (!live) return;
      if (!decision.consent_required && decision.redirect_to) {
        setView({ kind: 'leaving' });
        leaveForApp(decision.redirect_to);
        return;
      }
      const details = await preAuthorize(request);
      if (live) setView({ kind: 'consent', details });
    })().catch((error: unknown) => {
      if (live) void fail(error);
    });
    return () => {
      live = false;
    };
    // Once per visit and per "try again"; the request is this page's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  const decide = async (decision: OAuthConfirmRequest['decision']) => {
    if (!request) return;
    setBusy(true);
    setAlert(undefined);
    try {
      const redirectTo = await confirmAuth(request, decision);
      setView({ kind: 'leaving' });
      leaveForApp(redirectTo);
    } catch (error) {
      const { code } = failureOf(error);
      if (code === SESSION_EXPIRED) return void fail(error);
      setAlert((await describeFailure(error, t('oauth.error.generic'))).message);
      setBusy(false);
    }
  };

  return (
    <PageIntro title={t('pages.oauth-authorized.title')} text={t('pages.oauth-authorized.intro')}>
      {view.kind === 'checking' && <p role="status">{t('oauth.checking')}</p>}
      {view.kind === 'leaving' && <p role="status">{t('oauth.leaving')}</p>}
      {view.kind === 'problem' && (
        <OAuthProblem
          failure={view.failure}
          onRetry={() => {
            setView({ kind: 'checking' });
            setAttempt((n) => n + 1);
          }}
        />
      )}
      {view.kind === 'consent' && (
        <Consent
          details={view.details}
          busy={busy}
          alert={alert}
          onDecide={(decision) => void decide(decision)}
        />
      )}
    </PageIntro>
  );
}

function Consent({
  details,
  busy,
  alert,
  onDecide,
}: {
  details: OAuthPreAuthorize;
  busy: boolean;
  alert: string | undefined;
  onDecide: (decision: OAuthConfirmRequest['decision']) => void;
}) {
  const t = useT('inverse');
  const { product } = useBootstrap();
  const { client, scopes, account } = details;
  const who = account.vague_email ?? account.vague_mobile ?? String(account.id);
  return (
    <>
      <div className="gh-oauth-app">
        <AppLogo client={client} />
        <p>{t('oauth.consent.request', { app: client.name, product })}</p>
      </div>
      <h2>{t('oauth.consent.scopesTitle')}</h2>
      <ul className="gh-oauth-scopes">
        {scopes.map((scope) => (
          <li key={scope.name}>{t(scope.text_key)}</li>
        ))}
      </ul>
      <p>{t('oauth.consent.account', { account: who })}</p>
      <p className="gh-hint">{t('oauth.consent.revokeHint')}</p>
      {alert && (
        <p role="alert" className="gh-alert">
          {alert}
        </p>
      )}
      <div className="gh-oauth-actions">
        <button type="button" className="gh-button" disabled={busy} onClick={() => onDecide('accept')}>
          {t('oauth.consent.accept')}
        </button>
        <button
          type="button"
          className="gh-button gh-button-secondary"
          disabled={busy}
          onClick={() => onDecide('decline')}
        >
          {t('oauth.consent.decline')}
        </button>
      </div>
    </>
  );
}
