import type { OAuthLogoutRequest } from '@gatehouse/contract';
import { useSearch } from 'wouter';
import { PageIntro } from '../../components/page-intro';
import { useT } from '../../i18n';
import { useApiData } from '../../lib/use-api-data';
import { leaveForApp } from './leave-for-app';
import { oauthLogout } from './oauth-account-api';
import { describeFailure, OAuthProblem, type OAuthFailure } from './oauth-parts';

/** The query fields the log-out call takes (RP-initiated log-out: the app names itself and its target). */
function logoutRequest(search: string): OAuthLogoutRequest {
  const query = new URLSearchParams(search);
  const body: OAuthLogoutRequest = {};
  for (const field of ['client_id', 'post_logout_redirect_uri', 'state'] as const) {
    const value = query.get(field);
    if (value) body[field] = value;
  }
  return body;
}

/**
 * `/oauth-log-out`: ends the session and returns to the app's registered post-logout target (the
 * server checks it against the registration and answers `/` when it does not match). The target is
 * the app's own address, so it is followed as given, like the consent page's redirect.
 */
export function OauthLogOutPage() {
  const t = useT('inverse');
  const search = useSearch();
  // Once per visit and per "try again": out, then back to the app; or why not.
  const logOut = useApiData(
    'log-out',
    async (): Promise<{ redirectTo: string } | { failure: OAuthFailure }> => {
      try {
        return { redirectTo: await oauthLogout(logoutRequest(search)) };
      } catch (error) {
        return { failure: await describeFailure(error, t('oauth.error.generic')) };
      }
    },
    {
      onData: (outcome) => {
        if ('redirectTo' in outcome) leaveForApp(outcome.redirectTo);
      },
    },
  );
  const failure = !logOut.loading && logOut.data && 'failure' in logOut.data ? logOut.data.failure : null;

  return (
    <PageIntro title={t('pages.oauth-log-out.title')} text={t('pages.oauth-log-out.intro')}>
      {failure ? (
        <OAuthProblem failure={failure} onRetry={logOut.reload} />
      ) : (
        <p role="status">{t('oauth.loggingOut')}</p>
      )}
    </PageIntro>
  );
}
