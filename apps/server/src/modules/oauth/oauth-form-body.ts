import type { FastifyInstance } from 'fastify';
import { OAuthProtocolError } from './oauth-protocol-error.js';

/** No token or revocation request comes near this. */
const FORM_BODY_LIMIT = 16 * 1024;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;

export function isFormRequest(contentType: string | undefined): boolean {
  return FORM_TYPE.test(contentType ?? '');
}

/**
 * `application/x-www-form-urlencoded` bodies (RFC 6749 §4.1.3, RFC 7009 §2.1) for the routes of
 * the plugin that calls this only. A few lines with URLSearchParams instead of a dependency: the
 * one rule beyond parsing is RFC 6749 §3.2, a parameter must not be sent twice.
 */
export function useFormBody(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      const params = new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'));
      const out: Record<string, string> = {};
      for (const [key, value] of params) {
        if (key in out) {
          done(new OAuthProtocolError('invalid_request', `parameter ${key} sent more than once`), undefined);
          return;
        }
        // RFC 6749 §3.2: a parameter without a value counts as omitted.
        if (value !== '') out[key] = value;
      }
      done(null, out);
    },
  );
}
