import type { OAuthLogoutRequest } from '@gatehouse/contract';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { PageIntro } from '../../app/page-intro';
import { useT } from '../../i18n';
import { leaveForApp } from '../oauth/leave-for-app';
import { oauthLogout } from '../oauth/oauth-api';
import { describeFailure, OAuthProblem, type OAuthFailure } from '../oauth/oauth-parts';

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
  const [failure, setFailure] = useState<OAuthFailure | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    oauthLogout(logoutRequest(search))
      .then((redirectTo) => {
        if (live) leaveForApp(redirectTo);
      })
      .catch(async (error: unknown) => {
        const described = await describeFailure(error, t('oauth.error.generic'));
        if (live) setFailure(described);
      });
    return () => {
      live = false;
    };
    // Once per visit and per "try again".
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  return (
    <PageIntro title={t('pages.oauth-log-out.title')} text={t('pages.oauth-log-out.intro')}>
      {failure ? (
        <OAuthProblem
          failure={failure}
          onRetry={() => {
            setFailure(null);
            setAttempt((n) => n + 1);
          }}
        />
      ) : (
        <p role="status">{t('oauth.loggingOut')}</p>
      )}
    </PageIntro>
  );
}
