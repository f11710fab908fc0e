import type { SqlWrite } from '../../db/write-together.js';
import type { SessionRepository, SessionRow } from './session.repository.js';
import { isWellFormedToken, newSessionToken, sessionIdOf } from './session-token.js';

/**
 * Exchange-grade defaults (docs/adr/0002-session-cookie.md): a session lapses after 2 hours
 * without use and ends 7 days after login whatever the activity.
 */
export const DEFAULT_IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
export const DEFAULT_ABSOLUTE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so a busy page does not write on every call. */
export const DEFAULT_TOUCH_INTERVAL_MS = 60 * 1000;

export interface SessionServiceOptions {
  idleTimeoutMs?: number;
  absoluteTimeoutMs?: number;
  touchIntervalMs?: number;
  /** Clock in epoch milliseconds (tests pass a fake). */
  now?: () => number;
}

export interface SessionMeta {
  userAgent?: string | null;
  ip?: string | null;
}

/** What a request learns from a valid session. */
export interface SessionContext {
  userId: string;
  /** The stored id (hash of the token); safe to log. */
  sessionId: string;
}

export interface SessionService {
  readonly idleTimeoutMs: number;
  readonly absoluteTimeoutMs: number;
  /** Start a session; returns the token (the only copy: it is stored hashed). */
  create(userId: string, meta?: SessionMeta): Promise<string>;
  /**
   * create() for a caller that writes the session row together with others (the login's final
   * write, ADR 0021): the token, and the row's write not yet run. The token is valid once it ran.
   */
  issue(userId: string, meta?: SessionMeta): { token: string; write: SqlWrite };
  /** The session behind `token`, or null when unknown, revoked, idle too long or past its end. */
  verify(token: string): Promise<SessionContext | null>;
  revoke(token: string): Promise<void>;
  /** revoke() as a write not yet run; null for a token that cannot name a session. */
  revokeWrite(token: string): SqlWrite | null;
  /** Log out everywhere (password change, ban); returns how many sessions ended. */
  revokeAllForUser(userId: string): Promise<number>;
  /** Delete rows past their absolute end (run periodically). */
  purgeExpired(): Promise<number>;
}

/** User agents can be long and are only for the "your devices" list; keep the start. */
const clip = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : null);

export function createSessionService(
  repo: SessionRepository,
  opts: SessionServiceOptions = {},
): SessionService {
  const idleTimeoutMs = opts.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const absoluteTimeoutMs = opts.absoluteTimeoutMs ?? DEFAULT_ABSOLUTE_TIMEOUT_MS;
  const touchIntervalMs = opts.touchIntervalMs ?? DEFAULT_TOUCH_INTERVAL_MS;
  const now = opts.now ?? Date.now;

  const newSession = (userId: string, meta: SessionMeta): { token: string; row: SessionRow } => {
    const token = newSessionToken();
    const at = now();
    return {
      token,
      row: {
        id: sessionIdOf(token),
        user_id: userId,
        created_at: at,
        last_seen_at: at,
        expires_at: at + absoluteTimeoutMs,
        idle_timeout_ms: idleTimeoutMs,
        user_agent: clip(meta.userAgent, 512),
        ip: clip(meta.ip, 64),
        revoked_at: null,
      },
    };
  };

  return {
    idleTimeoutMs,
    absoluteTimeoutMs,

    async create(userId, meta = {}) {
      const { token, row } = newSession(userId, meta);
      await repo.insert(row);
      return token;
    },

    issue(userId, meta = {}) {
      const { token, row } = newSession(userId, meta);
      return { token, write: repo.insertWrite(row) };
    },

    async verify(token) {
      if (!isWellFormedToken(token)) return null;
      const row = await repo.findById(sessionIdOf(token));
      if (!row || row.revoked_at !== null) return null;
      const at = now();
      if (at >= row.expires_at) return null;
      if (at - row.last_seen_at >= row.idle_timeout_ms) return null;
      if (at - row.last_seen_at >= touchIntervalMs) await repo.touch(row.id, at);
      return { userId: row.user_id, sessionId: row.id };
    },

    async revoke(token) {
      if (!isWellFormedToken(token)) return;
      await repo.revoke(sessionIdOf(token), now());
    },

    revokeWrite(token) {
      return isWellFormedToken(token) ? repo.revokeWrite(sessionIdOf(token), now()) : null;
    },

    revokeAllForUser(userId) {
      return repo.revokeAllForUser(userId, now());
    },

    purgeExpired() {
      return repo.deleteExpired(now());
    },
  };
}
