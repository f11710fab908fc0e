import type { FastifyReply, FastifyRequest } from 'fastify';
import { RetCode } from '@gatehouse/contract';
import { sendPlainPage } from './pages/plain-page.js';

/**
 * Errors Fastify raises before routing (a URL that cannot be decoded, say). Its default answer
 * echoes the URL; ours is fixed: an envelope on API paths, the plain 400 page elsewhere.
 */
/** Hooks (helmet among them) do not run for these errors, so the answer carries its own headers. */
const FIXED_HEADERS = {
  'content-security-policy':
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

export function frameworkErrorHandler(apiBase: string) {
  return (_error: Error, req: FastifyRequest, reply: FastifyReply): void => {
    void reply.headers(FIXED_HEADERS);
    if (req.url === apiBase || req.url.startsWith(`${apiBase}/`)) {
      void reply
        .code(400)
        .header('cache-control', 'no-store')
        .send({ ret_code: RetCode.PARAMS_INVALID, ret_msg: 'bad request', result: null });
      return;
    }
    void sendPlainPage(reply, 400);
  };
}
