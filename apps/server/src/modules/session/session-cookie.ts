import type { CookieSerializeOptions } from '@fastify/cookie';

/** Plain name for http development hosts (`*.localhost`), where `__Host-` cookies cannot be set. */
export const SESSION_COOKIE = 'gh_session';
/** Production: the `__Host-` prefix makes the browser insist on Secure, Path=/ and no Domain. */
export const SECURE_SESSION_COOKIE = '__Host-gh_session';

export interface SessionCookie {
  name: string;
  options: CookieSerializeOptions;
}

/**
 * HttpOnly so page scripts (and an XSS) cannot read the token; SameSite=Lax so a cross-site
 * POST never carries it; host-only, so each regional site has its own session.
 */
export function sessionCookie(secure: boolean, maxAgeMs: number): SessionCookie {
  return {
    name: secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE,
    options: { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: Math.floor(maxAgeMs / 1000) },
  };
}
