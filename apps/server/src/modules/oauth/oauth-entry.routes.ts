import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decidePage, oauthAuthorizeQuerySchema, OAUTH_PATHS } from '@gatehouse/contract';
import { sendOAuthErrorPage } from './oauth-error-page.js';
import { issuerOf } from './oauth-issuer.js';
import { checkAuthorizationRequest, errorRedirect } from './oauth-request.js';

/** A Location we build from the page decision: one leading `/`, printable ASCII. */
const SAFE_LOCATION = /^\/(?![/\\])[\x21-\x7e]*$/;

/**
 * `GET /oauth/authorize`: the authorization endpoint a client links to (RFC 6749 §3.1). It checks
 * the request before any page loads: an unregistered client_id / redirect_uri pair gets a 400
 * page and no redirect; other faults go back to the client as `error=` (303); a valid request
 * goes to the web's OAuth entry page `/{lang}/oauth?<same query>` (303), which logs the user in
 * and asks for consent. The language follows the page rules (Accept-Language, site default).
 */
/**
 * A route schema rather than a safeParse in the handler, so the query gets the safe-input check
 * every route schema gets (a NUL in client_id reached the store); a failure shows this route's
 * error page, hence attachValidation.
 */
const ENTRY_OPTIONS = { schema: { querystring: oauthAuthorizeQuerySchema }, attachValidation: true };

const oauthEntryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(OAUTH_PATHS.authorize, ENTRY_OPTIONS, async (req, reply) => {
    const found = issuerOf(req);
    // A repeated parameter arrives as an array and fails here too (RFC 6749 §3.1).
    if (!found || req.validationError) return sendOAuthErrorPage(reply);

    const check = await checkAuthorizationRequest(app.oauth.stores.clients, req.query);
    if (!check.ok) {
      if (!check.refusal.redirectable) return sendOAuthErrorPage(reply);
      return reply
        .header('cache-control', 'no-store')
        .redirect(errorRedirect(check.refusal, found.issuer), 303);
    }

    const q = req.url.indexOf('?');
    const decision = decidePage({
      site: found.host.site,
      pathname: '/oauth',
      search: q === -1 ? '' : req.url.slice(q),
      acceptLanguage: req.headers['accept-language'] ?? null,
    });
    if (decision.kind !== 'redirect' || !SAFE_LOCATION.test(decision.location))
      return sendOAuthErrorPage(reply);
    return reply
      .header('cache-control', 'no-store')
      .header('vary', 'Accept-Language')
      .redirect(decision.location, 303);
  });
};

export default oauthEntryRoutes;
