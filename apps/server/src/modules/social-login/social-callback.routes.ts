import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { SOCIAL_CALLBACK_PATHS, SOCIAL_RETURN_QUERY, type SocialProvider } from '@gatehouse/contract';
import { appendQuery, SocialCallbackError } from './social-login.service.js';

/** Apple's form post carries code, state, id_token and (once) user: a few kB at most. */
const FORM_BODY_LIMIT = 16 * 1024;
/** A Location we build: one leading `/`, printable ASCII. */
const SAFE_LOCATION = /^\/(?![/\\])[\x21-\x7e]*$/;

/**
 * Where Google and Apple send the browser back (outside the API base: the provider's redirect is a
 * plain GET, Apple's `form_post` a cross-site form POST that carries no header and no SameSite
 * cookie, so neither could pass the API's CSRF header rule; neither needs it: the state, single-use
 * and made by us, is the CSRF defence here, RFC 6749 §10.12). Each answers a 303 to the page the
 * login started from, with `third_ticket` or `third_error` (docs/flows/social-login.md).
 */
const socialCallbackRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_req, body, done) => done(null, typeof body === 'string' ? body : body.toString('utf8')),
  );

  const finish = async (
    req: FastifyRequest,
    reply: FastifyReply,
    provider: SocialProvider,
    params: URLSearchParams,
  ) => {
    let location: string;
    try {
      const appleUser = provider === 'apple' ? params.get('user') : null;
      ({ location } = await app.socialLogin.finishCallback(provider, params, appleUser));
    } catch (err) {
      if (!(err instanceof SocialCallbackError)) throw err;
      // The reason goes to the log (never a code or token); the browser gets only the ret_code.
      req.log.warn({ provider, reason: err.detail }, 'social login callback refused');
      location = appendQuery(err.returnPath, { [SOCIAL_RETURN_QUERY.ERROR]: String(err.code) });
    }
    if (!SAFE_LOCATION.test(location)) location = '/login';
    return reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .redirect(location, 303);
  };

  const queryOf = (req: FastifyRequest) => {
    const q = req.url.indexOf('?');
    return new URLSearchParams(q === -1 ? '' : req.url.slice(q + 1));
  };

  app.get(SOCIAL_CALLBACK_PATHS.google, (req, reply) => finish(req, reply, 'google', queryOf(req)));
  // Apple answers with form_post; a GET (response_mode=query) is accepted too, as the stand-in may use it.
  app.post(SOCIAL_CALLBACK_PATHS.apple, (req, reply) =>
    finish(req, reply, 'apple', new URLSearchParams(typeof req.body === 'string' ? req.body : '')),
  );
  app.get(SOCIAL_CALLBACK_PATHS.apple, (req, reply) => finish(req, reply, 'apple', queryOf(req)));
};

export default socialCallbackRoutes;
