import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HEADER, RetCode, SESSION_TRANSPORT_HEADER_VALUE } from '@gatehouse/contract';
import { ApiError } from '../lib/api-error.js';
import { sessionCookie } from '../modules/session/session-cookie.js';
import { createSessionRepository } from '../modules/session/session.repository.js';
import { createSignInHistoryRepository } from '../modules/session/sign-in-history.repository.js';
import {
  createSessionService,
  type SessionContext,
  type SessionService,
  type SessionServiceOptions,
} from '../modules/session/session.service.js';

export interface SessionPluginOptions {
  /** Secure `__Host-` cookie (production) or the plain one (http development hosts). */
  secureCookie: boolean;
  /** Timeouts and clock for the service built on `app.db`. */
  sessionOptions?: SessionServiceOptions;
  /** Use this service instead (tests). */
  service?: SessionService;
  /** How often to delete sessions past their end; 0 turns the sweeper off. Default: hourly. */
  purgeIntervalMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionService;
  }
  interface FastifyRequest {
    /** The token this request carries (cookie first, then the UserToken header), or null. */
    readonly sessionToken: string | null;
    /** The caller's session, looked up on first await and memoised; null when none or expired. */
    readonly session: Promise<SessionContext | null>;
    /** The session checked by `requireSession`; reading it on a route without that guard throws. */
    readonly auth: SessionContext;
  }
  interface FastifyReply {
    /** Set the session cookie (after login or sign-up). */
    setSession(token: string): FastifyReply;
    /** Expire the session cookie (logout). Revoke the session with `app.sessions.revoke` too. */
    clearSession(): FastifyReply;
  }
}

const lookups = new WeakMap<FastifyRequest, Promise<SessionContext | null>>();
const verified = new WeakMap<FastifyRequest, SessionContext>();

/**
 * The guard of routes that need a logged-in user: answers SESSION_EXPIRED (10006, HTTP 200, so the
 * client runs its session-expiry handler) when there is no valid session. `endpointRoute` attaches
 * it (as preValidation) to every private entry of the endpoint table.
 */
export async function requireSession(request: FastifyRequest): Promise<void> {
  if (!(await request.session)) throw new ApiError(RetCode.SessionExpired);
}

/**
 * True when the client asked to receive a new token in the envelope (`X-Session-Transport:
 * header`): clients that cannot use the cookie, such as the Telegram mini app in a cross-site
 * frame. Everyone else gets the HttpOnly cookie only.
 */
export function wantsBodyToken(request: FastifyRequest): boolean {
  return request.headers[HEADER.SESSION_TRANSPORT.toLowerCase()] === SESSION_TRANSPORT_HEADER_VALUE;
}

export default fp<SessionPluginOptions>(
  async (app, opts) => {
    const service =
      opts.service ??
      createSessionService(
        createSessionRepository(app.db),
        opts.sessionOptions ?? {},
        createSignInHistoryRepository(app.db),
      );
    const cookie = sessionCookie(opts.secureCookie, service.absoluteTimeoutMs);
    app.decorate('sessions', service);

    // Expired rows are already refused by verify(); this only keeps the table small. Every
    // instance may run it: the DELETE is idempotent.
    const purgeIntervalMs = opts.purgeIntervalMs ?? 60 * 60 * 1000;
    if (purgeIntervalMs > 0) {
      let timer: NodeJS.Timeout | undefined;
      app.addHook('onReady', async () => {
        timer = setInterval(() => {
          service.purgeExpired().catch((err: unknown) => app.log.warn({ err }, 'session purge failed'));
        }, purgeIntervalMs);
        timer.unref();
      });
      app.addHook('onClose', async () => clearInterval(timer));
    }

    const tokenOf = (request: FastifyRequest): string | null => {
      const fromCookie = request.cookies[cookie.name];
      if (fromCookie) return fromCookie;
      const fromHeader = request.headers[HEADER.USER_TOKEN.toLowerCase()];
      // The spec's client sends the string "null" when it has no token.
      return typeof fromHeader === 'string' && fromHeader !== '' && fromHeader !== 'null' ? fromHeader : null;
    };

    app.decorateRequest('sessionToken', {
      getter(this: FastifyRequest) {
        return tokenOf(this);
      },
    });
    app.decorateRequest('session', {
      getter(this: FastifyRequest) {
        let lookup = lookups.get(this);
        if (!lookup) {
          const token = tokenOf(this);
          lookup = token
            ? service.verify(token).then((ctx) => {
                if (ctx) verified.set(this, ctx);
                return ctx;
              })
            : Promise.resolve(null);
          lookups.set(this, lookup);
        }
        return lookup;
      },
    });
    app.decorateRequest('auth', {
      getter(this: FastifyRequest) {
        const ctx = verified.get(this);
        // A programming error (route without requireSession), so a 500, not a 10006.
        if (!ctx)
          throw new Error('request.auth read without a verified session; is the endpoint entry public?');
        return ctx;
      },
    });
    app.decorateReply('setSession', function (this: FastifyReply, token: string) {
      return this.setCookie(cookie.name, token, cookie.options);
    });
    app.decorateReply('clearSession', function (this: FastifyReply) {
      const { maxAge: _maxAge, ...rest } = cookie.options;
      return this.clearCookie(cookie.name, rest);
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);
