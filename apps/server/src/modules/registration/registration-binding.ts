import type { FastifyReply, FastifyRequest } from 'fastify';
import { HEADER, signupBindingSchema } from '@gatehouse/contract';
import { wantsBodyToken } from '../../plugins/session.js';
import { newBindingSecret } from './registration-secrets.js';

/**
 * The browser end of a sign-up flow's binding (docs/flows/registration.md, "Bound to the
 * browser"; ADR 0012): a random secret in an HttpOnly cookie, whose hash the flow row keeps.
 * Clients with header transport (the Telegram Mini App in a cross-site frame, which never sends
 * our SameSite=Lax cookies) get it in `result.signup_binding` and send it as `X-Signup-Binding`.
 */

/** Plain name on http development hosts, where `__Host-` cookies cannot be set. */
export const SIGNUP_BINDING_COOKIE = 'gh_signup';
/** Production: `__Host-` makes the browser insist on Secure, Path=/ and no Domain, like the session's. */
export const SECURE_SIGNUP_BINDING_COOKIE = '__Host-gh_signup';
/** As long as a finished flow is kept for recall: a day. Every start renews it. */
const BINDING_MAX_AGE_SEC = 24 * 60 * 60;

const cookieName = (req: FastifyRequest) =>
  req.server.config.nodeEnv === 'production' ? SECURE_SIGNUP_BINDING_COOKIE : SIGNUP_BINDING_COOKIE;

/** The binding this request presents (cookie first, then the header), or null when none is well-formed. */
export function presentedBinding(req: FastifyRequest): string | null {
  const fromCookie = signupBindingSchema.safeParse(req.cookies[cookieName(req)]);
  if (fromCookie.success) return fromCookie.data;
  const fromHeader = signupBindingSchema.safeParse(req.headers[HEADER.SIGNUP_BINDING.toLowerCase()]);
  return fromHeader.success ? fromHeader.data : null;
}

/**
 * The binding a starting flow is tied to: the one this browser already holds (so two tabs of one
 * browser each keep their flow), else a fresh one.
 */
export function bindingToStart(req: FastifyRequest): string {
  return presentedBinding(req) ?? newBindingSecret();
}

/** Set (renew) the cookie once a flow has started with `secret`; a refused start sets nothing. */
export function issueBinding(req: FastifyRequest, reply: FastifyReply, secret: string): void {
  const secure = req.server.config.nodeEnv === 'production';
  void reply.setCookie(cookieName(req), secret, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    maxAge: BINDING_MAX_AGE_SEC,
  });
}

/** The answer's `signup_binding` field: only for clients that cannot use the cookie. */
export function bindingForBody(req: FastifyRequest, secret: string): { signup_binding?: string } {
  return wantsBodyToken(req) ? { signup_binding: secret } : {};
}
