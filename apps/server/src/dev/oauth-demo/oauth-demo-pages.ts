import { escapeHtml } from '../dev-html.js';
import { DEMO_CLIENT_ID, DEMO_CLIENT_PATH } from './oauth-demo-seed.js';
import type { SignInOutcome } from './oauth-demo-client.js';

/**
 * The demo app's pages (development only). It plays a third-party app, so it looks like one: its
 * own name, not Gatehouse's layout. No script at all and a `<style>` with the response's nonce, as
 * the CSP wants; every value that came from a request or a response is escaped.
 */

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1b1b1f;background:#f4f6fb}
main{max-width:36rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}
h1{margin-top:0;font-size:1.5rem}.tag{font-size:.75rem;color:#5c5f66;text-transform:uppercase;letter-spacing:.08em}
a.button{display:inline-block;padding:.6rem 1.2rem;border-radius:8px;background:#1b1b1f;color:#fff;text-decoration:none;font-weight:600}
a.button:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{color:#5c5f66}dd{margin:0}
code{background:#f1f2f4;padding:0 .25rem;border-radius:4px;word-break:break-all}
.error{border-left:4px solid #b3261e;padding-left:.8rem}`;

function page(title: string, styleNonce: string | null, body: string): string {
  const nonce = styleNonce ? ` nonce="${escapeHtml(styleNonce)}"` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Gatehouse demo app (development)</title>
<style${nonce}>${STYLE}</style>
</head>
<body>
<main>
<p class="tag">Gatehouse demo app · development only</p>
${body}
</main>
</body>
</html>
`;
}

const SIGN_IN = `<p><a class="button" href="${DEMO_CLIENT_PATH}/start">Sign in with Gatehouse</a></p>`;

/** The RP-initiated log-out link: Gatehouse ends its session and comes back to this page. */
function logOutLink(origin: string): string {
  const query = new URLSearchParams({
    client_id: DEMO_CLIENT_ID,
    post_logout_redirect_uri: `${origin}${DEMO_CLIENT_PATH}`,
  });
  return `<p><a href="/oauth-log-out?${escapeHtml(query.toString())}">Log out of Gatehouse</a></p>`;
}

export function renderDemoHome(opts: { styleNonce: string | null; origin: string }): string {
  return page(
    'Sign in',
    opts.styleNonce,
    `<h1>A third-party app</h1>
<p>This page plays an app that wants to use your Gatehouse account. “Sign in with Gatehouse” runs the
OAuth 2.0 authorization-code flow with PKCE against <code>${escapeHtml(opts.origin)}</code>: you log in or
sign up there, accept or decline, and come back here with a code, which this app exchanges for a token.</p>
${SIGN_IN}
${logOutLink(opts.origin)}`,
  );
}

/** The outcome of the callback: who the token is for and what it may do, or the error, said plainly. */
export function renderDemoResult(opts: {
  styleNonce: string | null;
  origin: string;
  outcome: SignInOutcome;
}): string {
  const { outcome } = opts;
  if (outcome.kind === 'signed-in') {
    const scopes = outcome.scope.split(' ').filter(Boolean);
    return page(
      'Signed in',
      opts.styleNonce,
      `<h1>Signed in with Gatehouse</h1>
<p>Token subject: <code>${escapeHtml(outcome.subject)}</code></p>
<dl>
<dt>Subject (user id)</dt><dd>${escapeHtml(outcome.subject)}</dd>
<dt>Scopes granted</dt><dd>${scopes.map((s) => `<code>${escapeHtml(s)}</code>`).join(' ') || 'none'}</dd>
<dt>E-mail (masked)</dt><dd>${escapeHtml(outcome.vagueEmail ?? '—')}</dd>
<dt>E-mail</dt><dd>${escapeHtml(outcome.email ?? '—')}</dd>
<dt>Refresh token</dt><dd>${outcome.refreshToken ? 'received' : 'none'}</dd>
<dt>Access token lifetime</dt><dd>${outcome.expiresIn === undefined ? '—' : `${escapeHtml(String(outcome.expiresIn))} s`}</dd>
</dl>
${SIGN_IN}
${logOutLink(opts.origin)}`,
    );
  }
  if (outcome.kind === 'authorization-error') {
    const declined = outcome.error === 'access_denied';
    return page(
      declined ? 'Access denied' : 'Sign-in failed',
      opts.styleNonce,
      `<h1>${declined ? 'You declined' : 'Sign-in failed'}</h1>
<div class="error" role="alert">
<p>Gatehouse answered with the error <code>${escapeHtml(outcome.error)}</code>.</p>
${outcome.description ? `<p>${escapeHtml(outcome.description)}</p>` : ''}
</div>
${SIGN_IN}`,
    );
  }
  return renderDemoError({
    styleNonce: opts.styleNonce,
    message:
      outcome.kind === 'invalid-response'
        ? `The response was refused: ${outcome.message}`
        : `The code could not be exchanged: ${outcome.message}`,
  });
}

export function renderDemoError(opts: { styleNonce: string | null; message: string }): string {
  return page(
    'Sign-in failed',
    opts.styleNonce,
    `<h1>Sign-in failed</h1>
<div class="error" role="alert"><p>${escapeHtml(opts.message)}</p></div>
${SIGN_IN}`,
  );
}
