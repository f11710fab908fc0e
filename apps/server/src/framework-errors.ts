import type { FastifyReply, FastifyRequest } from 'fastify';
import { RetCode } from '@gatehouse/contract';
import { aimsAtApi } from './lib/request-target.js';
import { sendPlainPage } from './pages/plain-page.js';
import { API_CSP } from './plugins/security-headers.js';

/** Hooks (the security headers among them) do not run for these errors: the answer carries its own. */
const FIXED_HEADERS = {
  'content-security-policy': API_CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/**
 * Errors Fastify raises before routing (a URL that cannot be decoded, say). Its default answer
 * echoes the URL; ours is fixed: an envelope when the request was aimed at the API, the plain 400
 * page elsewhere.
 */
export function frameworkErrorHandler(apiBase: string) {
  return (_error: Error, req: FastifyRequest, reply: FastifyReply): void => {
    void reply.headers(FIXED_HEADERS);
    if (aimsAtApi(req.url, apiBase)) {
      void reply
        .code(400)
        .header('cache-control', 'no-store')
        .send({ ret_code: RetCode.ParamsInvalid, ret_msg: 'bad request', result: null });
      return;
    }
    void sendPlainPage(reply, 400);
  };
}
