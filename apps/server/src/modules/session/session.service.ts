import { createHash, randomUUID } from 'node:crypto';
import {
  SIGN_IN_HISTORY_LIMIT,
  type ActiveSession,
  type SignInAttempt,
  type SignInMethod,
  type SignInResult,
} from '@gatehouse/contract';
import type { SqlWrite } from '../../db/write-together.js';
import { deviceSummary } from './device-summary.js';
import type { SessionRepository, SessionRow } from './session.repository.js';
import type { SignInHistoryRepository, SignInHistoryRow } from './sign-in-history.repository.js';
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
  /** Sign-in history older than this is purged with expired sessions. Default: 180 days. */
  historyRetentionMs?: number;
}

/** Sign-in attempts are kept this long (the page shows the newest 50 whatever their age). */
export const DEFAULT_HISTORY_RETENTION_MS = 180 * 24 * 60 * 60 * 1000;

export interface SessionMeta {
  userAgent?: string | null;
  ip?: string | null;
  /** Regional site id signed in to. */
  site?: string | null;
  /** ISO country from the trusted proxy (risk/client-country.ts). */
  country?: string | null;
  /** How the session starts; written on the session and on its sign-in history row. */
  method?: SignInMethod;
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
   * write, ADR 0021): the token, and the writes not yet run (the session and its sign-in history
   * row). The token is valid once they ran.
   */
  issue(userId: string, meta?: SessionMeta): { token: string; writes: SqlWrite[] };
  /** The session behind `token`, or null when unknown, revoked, idle too long or past its end. */
  verify(token: string): Promise<SessionContext | null>;
  revoke(token: string): Promise<void>;
  /** revoke() as a write not yet run; null for a token that cannot name a session. */
  revokeWrite(token: string): SqlWrite | null;
  /** Log out everywhere (password change, ban); returns how many sessions ended. */
  revokeAllForUser(userId: string): Promise<number>;
  /** Delete rows past their absolute end, and history past its retention (run periodically). */
  purgeExpired(): Promise<number>;
  /** The account's live sessions for its own page, newest use first; `currentId` marks the caller's. */
  list(userId: string, currentId: string): Promise<ActiveSession[]>;
  /**
   * End the session `ref` names, only if it is one of `userId`'s live sessions and not the current
   * one (that is logout). False when there is no such session.
   */
  revokeByRef(userId: string, ref: string, currentId: string): Promise<boolean>;
  /** End every session of `userId` but `keepId` (the caller's); returns how many. */
  revokeOthers(userId: string, keepId: string): Promise<number>;
  /** Note a failed attempt on a known account in its sign-in history. */
  recordFailure(
    userId: string,
    result: Exclude<SignInResult, 'success'>,
    method: SignInMethod,
    meta: SessionMeta,
  ): Promise<void>;
  /** The account's newest sign-in attempts, newest first. */
  history(userId: string): Promise<SignInAttempt[]>;
}

/**
 * The reference the page gets for a session: derived from the stored id (itself the token's hash),
 * so neither the token nor the row's key leaves the server, and good for nothing but naming one of
 * the caller's own sessions (revokeByRef only looks among them).
 */
export function sessionRefOf(id: string): string {
  return createHash('sha256').update(`session-ref:${id}`).digest('base64url').slice(0, 22);
}

const METHODS: readonly string[] = [
  'password',
  'password_code',
  'password_2fa',
  'sign_up',
  'qr',
  'telegram',
  'quick_login',
  'passkey',
  'social',
  'other',
] satisfies readonly SignInMethod[];
const RESULTS: readonly string[] = [
  'success',
  'wrong_password',
  'wrong_code',
  'locked',
  'refused',
] satisfies readonly SignInResult[];
const methodOf = (value: string | null): SignInMethod | null =>
  value === null ? null : METHODS.includes(value) ? (value as SignInMethod) : 'other';

/** User agents can be long and are only for the "your devices" list; keep the start. */
const clip = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : null);

export function createSessionService(
  repo: SessionRepository,
  opts: SessionServiceOptions = {},
  historyRepo?: SignInHistoryRepository,
): SessionService {
  const idleTimeoutMs = opts.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const absoluteTimeoutMs = opts.absoluteTimeoutMs ?? DEFAULT_ABSOLUTE_TIMEOUT_MS;
  const touchIntervalMs = opts.touchIntervalMs ?? DEFAULT_TOUCH_INTERVAL_MS;
  const now = opts.now ?? Date.now;
  const historyRetentionMs = opts.historyRetentionMs ?? DEFAULT_HISTORY_RETENTION_MS;

  const historyRow = (
    userId: string,
    result: SignInResult,
    method: SignInMethod,
    meta: SessionMeta,
    at: number,
  ): SignInHistoryRow => ({
    id: randomUUID(),
    user_id: userId,
    at,
    result,
    method,
    ip: clip(meta.ip, 64),
    user_agent: clip(meta.userAgent, 512),
    country: clip(meta.country, 8),
    site: clip(meta.site, 16),
  });

  /** The session's row and, with a history, its "success" row: one unit (ADR 0021). */
  const writesOf = (row: SessionRow, meta: SessionMeta): SqlWrite[] => {
    const writes: SqlWrite[] = [repo.insertWrite(row)];
    if (historyRepo) {
      writes.push(
        historyRepo.insertWrite(
          historyRow(row.user_id, 'success', meta.method ?? 'other', meta, row.created_at),
        ),
      );
    }
    return writes;
  };
  const idle = (row: SessionRow, at: number) => at - row.last_seen_at >= row.idle_timeout_ms;

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
        site: clip(meta.site, 16),
        country: clip(meta.country, 8),
        method: meta.method ?? null,
      },
    };
  };

  return {
    idleTimeoutMs,
    absoluteTimeoutMs,

    async create(userId, meta = {}) {
      const { token, row } = newSession(userId, meta);
      await repo.writeTogether(writesOf(row, meta));
      return token;
    },

    issue(userId, meta = {}) {
      const { token, row } = newSession(userId, meta);
      return { token, writes: writesOf(row, meta) };
    },

    async verify(token) {
      if (!isWellFormedToken(token)) return null;
      const row = await repo.findById(sessionIdOf(token));
      if (!row || row.revoked_at !== null) return null;
      const at = now();
      if (at >= row.expires_at) return null;
      if (idle(row, at)) return null;
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

    async purgeExpired() {
      const at = now();
      if (historyRepo) await historyRepo.deleteOlderThan(at - historyRetentionMs);
      return repo.deleteExpired(at);
    },

    async list(userId, currentId) {
      const at = now();
      const rows = (await repo.listLive(userId, at)).filter((row) => !idle(row, at));
      return rows.map((row) => ({
        session_id: sessionRefOf(row.id),
        current: row.id === currentId,
        ...deviceSummary(row.user_agent),
        country: row.country,
        site: row.site,
        method: methodOf(row.method),
        created_at: row.created_at,
        last_seen_at: row.last_seen_at,
      }));
    },

    async revokeByRef(userId, ref, currentId) {
      const at = now();
      const target = (await repo.listLive(userId, at)).find((row) => sessionRefOf(row.id) === ref);
      if (!target || target.id === currentId) return false;
      // Conditional on the owner in the update itself, not only in the lookup above.
      return repo.revokeOwned(userId, target.id, at);
    },

    revokeOthers(userId, keepId) {
      return repo.revokeAllExcept(userId, keepId, now());
    },

    async recordFailure(userId, result, method, meta) {
      if (historyRepo) await historyRepo.insert(historyRow(userId, result, method, meta, now()));
    },

    async history(userId) {
      if (!historyRepo) return [];
      const rows = await historyRepo.newest(userId, SIGN_IN_HISTORY_LIMIT);
      return rows.map((row) => ({
        at: row.at,
        result: (RESULTS.includes(row.result) ? row.result : 'refused') as SignInResult,
        method: methodOf(row.method) ?? 'other',
        ip: row.ip,
        country: row.country,
        site: row.site,
        ...deviceSummary(row.user_agent),
      }));
    },
  };
}
