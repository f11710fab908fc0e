import type { FastifyReply, FastifyRequest } from 'fastify';
import { HEADER, type RetCodeValue } from '@gatehouse/contract';
import { ApiError } from './api-error.js';
import { noteForLog } from './request-log.js';

/**
 * A login answer the shared error envelope cannot write: 31002 repeats `pass_err_count` at the
 * envelope's top level (spec §3 lists it among the login response fields; the web client reads
 * either place), and 31003 sets the `self_unbind_token` cookie. Login routes catch it and call
 * `sendRefusal`; anywhere else it still reaches the client as a plain ApiError.
 */
export class LoginRefusal extends ApiError {
  override name = 'LoginRefusal';
  readonly topLevel: Readonly<Record<string, unknown>>;
  /** Set on 31003: the token the `self_unbind_token` cookie carries. */
  readonly banToken: string | null;

  constructor(
    code: RetCodeValue,
    result: unknown,
    extra: { topLevel?: Record<string, unknown>; banToken?: string } = {},
  ) {
    super(code, undefined, 200, result);
    this.topLevel = extra.topLevel ?? {};
    this.banToken = extra.banToken ?? null;
  }
}

/** The cookie the self-unban screens read (spec §3 cookies, §7 "self-unban status"). */
export const SELF_UNBIND_COOKIE = 'self_unbind_token';
export const SELF_UNBIND_TTL_MS = 30 * 60_000;

/** Write the refusal as the envelope (HTTP 200, like every business error: ADR 0003). */
export function sendRefusal(req: FastifyRequest, reply: FastifyReply, refusal: LoginRefusal): FastifyReply {
  const lang = req.headers[HEADER.LANG.toLowerCase()];
  const body = {
    ret_code: refusal.code,
    ret_msg: req.server.errorMessages.text(refusal.code, typeof lang === 'string' ? lang : undefined),
    result: refusal.result,
    ...refusal.topLevel,
  };
  if (refusal.banToken) {
    reply.setCookie(SELF_UNBIND_COOKIE, refusal.banToken, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: req.server.config.nodeEnv === 'production',
      maxAge: SELF_UNBIND_TTL_MS / 1000,
    });
  }
  // On the request's line, which has the path only: a query string may carry a secret.
  noteForLog(req, 'info', 'login refused', { retCode: refusal.code });
  return reply
    .code(200)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body));
}
