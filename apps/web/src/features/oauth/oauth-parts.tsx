import { RetCode, type OAuthClientSummary } from '@gatehouse/contract';
import { useT } from '../../i18n';
import { failureOf } from '../../lib/api-error';
import './oauth.css';

/** Why an OAuth page cannot go on, and whether the app may be told (RFC 6749 `error=` redirect). */
export interface OAuthFailure {
  message: string;
  /**
   * The app's registered redirect_uri carrying `error`, `state` and `iss`: offered as a link, never
   * followed by itself. Null when the client / redirect_uri pair is not registered (42001, 42002):
   * sending the browser anywhere then would make us an open redirector (RFC 9700 §4.1).
   */
  backTo: string | null;
  /** No answer at all (network): trying again may help. */
  retry: boolean;
}

/** The failure of a call, in the user's words (the `inverse-error-code` phrase, else ret_msg). */
export async function describeFailure(error: unknown, fallback: string): Promise<OAuthFailure> {
  const { code, envelope } = failureOf(error);
  const result = envelope?.result as { redirect_to?: unknown } | null | undefined;
  const backTo = typeof result?.redirect_to === 'string' ? result.redirect_to : null;
  // The error namespace and its reader load with the first failure, not with the page.
  const message = envelope
    ? await (await import('../../lib/error-text')).errorText(code, envelope.ret_msg)
    : '';
  return { message: message || fallback, backTo, retry: code === RetCode.Network };
}

/**
 * The app's logo, or its initial on a tile when it registered none. Decorative next to the name
 * (which is always written out), hence the empty text alternative of the tile; the image still
 * says whose logo it is, for a reader that meets it first.
 */
export function AppLogo({
  client,
  size = 'large',
}: {
  client: OAuthClientSummary;
  size?: 'large' | 'small';
}) {
  const t = useT('inverse');
  const className = `gh-oauth-logo gh-oauth-logo-${size}`;
  if (client.logo_url) {
    return <img className={className} src={client.logo_url} alt={t('oauth.logoAlt', { app: client.name })} />;
  }
  return (
    <span className={className} aria-hidden="true">
      {client.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

/** The error view of the OAuth pages: what went wrong, and the ways on that are safe. */
export function OAuthProblem({ failure, onRetry }: { failure: OAuthFailure; onRetry?: () => void }) {
  const t = useT('inverse');
  return (
    <div className="gh-oauth-problem">
      <p role="alert" className="gh-alert">
        {failure.message}
      </p>
      {failure.retry && onRetry && (
        <button type="button" className="gh-button" onClick={onRetry}>
          {t('oauth.retry')}
        </button>
      )}
      {failure.backTo && (
        <p>
          <a href={failure.backTo}>{t('oauth.backToApp')}</a>
        </p>
      )}
    </div>
  );
}
