import { RetCode } from '@gatehouse/contract';
import type { OAuthConfirmRequest, OAuthPreAuthorize } from '@gatehouse/contract';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useBootstrap } from '../../lib/bootstrap-context';
import { PageIntro } from '../../components/page-intro';
import { useLocalePath } from '../../lib/page-location';
import { useT } from '../../i18n';
import { failureOf } from '../../lib/api-error';
import { useApiData } from '../../lib/use-api-data';
import { useSubmit } from '../../lib/use-submit';
import { leaveForApp } from './leave-for-app';
import { authorize, confirmAuth, preAuthorize, readAuthRequest } from './oauth-api';
import { AppLogo, describeFailure, OAuthProblem, type OAuthFailure } from './oauth-parts';

type View =
  | { kind: 'checking' }
  | { kind: 'problem'; failure: OAuthFailure }
  | { kind: 'consent'; details: OAuthPreAuthorize }
  /** On the way back to the app (a remembered consent, or the user decided). */
  | { kind: 'leaving' };

/** What the checks on arrival found. */
type Checked =
  | { kind: 'problem'; failure: OAuthFailure }
  | { kind: 'consent'; details: OAuthPreAuthorize }
  | { kind: 'leaving'; redirectTo: string }
  /** Not logged in: on the way to the login. */
  | { kind: 'expired' };

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
  const incomplete: OAuthFailure = { message: t('oauth.error.incomplete'), backTo: null, retry: false };
  const [leaving, setLeaving] = useState(false);
  const [alert, setAlert] = useState<string | undefined>();

  // Logged out meanwhile (or a bookmarked consent page): log in first, then back here.
  const logInFirst = () => navigate(to(`/oauth-login?${search}`), { replace: true });

  // Once per visit and per "try again": a consent on record goes straight back, else the consent screen.
  const check = useApiData(
    request ? 'consent' : null,
    async (): Promise<Checked> => {
      if (!request) return { kind: 'problem', failure: incomplete };
      // Both calls at once: the screen needs pre_authorize's details whenever authorize answers that
      // consent is required, and asking only then cost a round trip (issue 12). pre_authorize only
      // reads; with a consent on record its answer goes unused.
      const details = preAuthorize(request);
      details.catch(() => {});
      try {
        const decision = await authorize(request);
        if (!decision.consent_required && decision.redirect_to) {
          return { kind: 'leaving', redirectTo: decision.redirect_to };
        }
        return { kind: 'consent', details: await details };
      } catch (error) {
        if (failureOf(error).code === RetCode.SessionExpired) return { kind: 'expired' };
        return { kind: 'problem', failure: await describeFailure(error, t('oauth.error.generic')) };
      }
    },
    {
      onData: (checked) => {
        if (checked.kind === 'leaving') leaveForApp(checked.redirectTo);
        if (checked.kind === 'expired') logInFirst();
      },
    },
  );

  const { submit: decide, busy } = useSubmit(async (decision: OAuthConfirmRequest['decision']) => {
    if (!request) return;
    setAlert(undefined);
    try {
      const redirectTo = await confirmAuth(request, decision);
      setLeaving(true);
      leaveForApp(redirectTo);
    } catch (error) {
      if (failureOf(error).code === RetCode.SessionExpired) return logInFirst();
      setAlert((await describeFailure(error, t('oauth.error.generic'))).message);
    }
  });

  const view: View = !request
    ? { kind: 'problem', failure: incomplete }
    : leaving
      ? { kind: 'leaving' }
      : check.loading || !check.data || check.data.kind === 'expired'
        ? { kind: 'checking' }
        : check.data.kind === 'leaving'
          ? { kind: 'leaving' }
          : check.data;

  return (
    <PageIntro title={t('pages.oauth-authorized.title')} text={t('pages.oauth-authorized.intro')}>
      {view.kind === 'checking' && <p role="status">{t('oauth.checking')}</p>}
      {view.kind === 'leaving' && <p role="status">{t('oauth.leaving')}</p>}
      {view.kind === 'problem' && <OAuthProblem failure={view.failure} onRetry={check.reload} />}
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
