import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { styleNonce } from '../../plugins/security-headers.js';
import { issuerOf } from '../../modules/oauth/oauth-issuer.js';
import { DEMO_CLIENT_PATH } from './oauth-demo-seed.js';
import { decodePending, encodePending, finishSignIn, startSignIn } from './oauth-demo-client.js';
import { renderDemoError, renderDemoHome, renderDemoResult } from './oauth-demo-pages.js';
import { noteForLog } from '../../lib/request-log.js';

/** Where the demo keeps its pending sign-in (state + PKCE verifier): its own path, HttpOnly, short. */
export const DEMO_COOKIE = 'gh_oauth_demo';
const PENDING_MAX_AGE_S = 10 * 60;

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

/**
 * The demo OAuth client (issue 6; docs/oauth.md "Try it"), served by this server at
 * `/dev/oauth-demo` in development and tests only: registered by the development tools
 * (dev/dev-tools.plugin.ts), so not in production nor with DEV_TOOLS=off, and only this machine
 * reaches them unless DEV_TOOLS=network.
 *
 * - `GET /dev/oauth-demo`: "Sign in with Gatehouse".
 * - `GET /dev/oauth-demo/start`: discovers the authorization server at the page's own origin (the
 *   issuer), keeps a fresh state and PKCE verifier in an HttpOnly cookie scoped to this path, and
 *   redirects to the authorization endpoint with the S256 challenge.
 * - `GET /dev/oauth-demo/callback`: validates the response (state, iss), exchanges the code with the
 *   verifier, calls userinfo and shows the subject and scopes, or the error (`access_denied`).
 *
 * It reaches Gatehouse over HTTP like an outside app would, so the server must be reachable at the
 * origin the browser uses (true for `npm start` / `npm run dev` on localhost).
 */
const oauthDemoRoutes: FastifyPluginAsync = async (app) => {
  const schema = { hide: true, tags: ['dev'] };
  const secureCookie = false; // development only, on plain http://*.localhost

  app.get(DEMO_CLIENT_PATH, { schema }, async (req, reply) => {
    const found = issuerOf(req);
    if (!found)
      return html(reply, 400, renderDemoError({ styleNonce: styleNonce(reply), message: 'Unknown host.' }));
    return html(reply, 200, renderDemoHome({ styleNonce: styleNonce(reply), origin: found.issuer }));
  });

  app.get(`${DEMO_CLIENT_PATH}/start`, { schema }, async (req, reply) => {
    const found = issuerOf(req);
    if (!found)
      return html(reply, 400, renderDemoError({ styleNonce: styleNonce(reply), message: 'Unknown host.' }));
    try {
      const { location, pending } = await startSignIn(new URL(found.issuer));
      return reply
        .setCookie(DEMO_COOKIE, encodePending(pending), {
          path: DEMO_CLIENT_PATH,
          httpOnly: true,
          // Lax: the cookie must come along on the top-level GET back from the consent page.
          sameSite: 'lax',
          secure: secureCookie,
          maxAge: PENDING_MAX_AGE_S,
        })
        .header('cache-control', 'no-store')
        .redirect(location, 303);
    } catch (err) {
      noteForLog(req, 'warn', 'oauth demo: discovery failed', { err });
      return html(
        reply,
        502,
        renderDemoError({
          styleNonce: styleNonce(reply),
          message: `Could not reach the authorization server at ${found.issuer}.`,
        }),
      );
    }
  });

  app.get(`${DEMO_CLIENT_PATH}/callback`, { schema }, async (req, reply) => {
    const found = issuerOf(req);
    if (!found)
      return html(reply, 400, renderDemoError({ styleNonce: styleNonce(reply), message: 'Unknown host.' }));
    const pending = decodePending(req.cookies[DEMO_COOKIE]);
    // One response per pending sign-in: whatever happens next, the state and verifier are spent.
    reply.clearCookie(DEMO_COOKIE, { path: DEMO_CLIENT_PATH });
    if (!pending) {
      return html(
        reply,
        400,
        renderDemoError({
          styleNonce: styleNonce(reply),
          message: 'No sign-in is in progress in this browser (or it expired). Start again.',
        }),
      );
    }
    const issuer = new URL(found.issuer);
    try {
      const outcome = await finishSignIn(issuer, new URL(req.url, issuer), pending);
      const status = outcome.kind === 'invalid-response' ? 400 : outcome.kind === 'token-error' ? 502 : 200;
      return html(
        reply,
        status,
        renderDemoResult({ styleNonce: styleNonce(reply), origin: found.issuer, outcome }),
      );
    } catch (err) {
      noteForLog(req, 'warn', 'oauth demo: discovery failed', { err });
      return html(
        reply,
        502,
        renderDemoError({
          styleNonce: styleNonce(reply),
          message: `Could not reach the authorization server at ${found.issuer}.`,
        }),
      );
    }
  });
};

export default oauthDemoRoutes;
