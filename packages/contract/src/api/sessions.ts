import { z } from 'zod';

/**
 * The user's sessions (spec §4 "Logout and kick-out"). Server: apps/server/src/modules/session;
 * docs/flows/sessions.md.
 */

/** `POST /user/private/logout-all`: nothing to send. */
export const logoutAllRequestSchema = z.object({}).nullish();
/** Every session of the account ended, this one included; `revoked` counts them. */
export const logoutAllResultSchema = z.object({ revoked: z.number().int().nonnegative() });
export type LogoutAllResult = z.infer<typeof logoutAllResultSchema>;

// ── Active sessions and sign-in history (issue 17, docs/flows/sessions.md) ─────────────────

/** The sign-in history shows the newest attempts, at most this many. */
export const SIGN_IN_HISTORY_LIMIT = 50;

/** What kind of device a user agent names (parsed on the server; "other" when it cannot tell). */
export const deviceKindSchema = z.enum(['desktop', 'mobile', 'tablet', 'tv', 'other']);
export type DeviceKind = z.infer<typeof deviceKindSchema>;

/** Device and browser as read from the user agent: names only, never the raw string. */
export const deviceSummarySchema = z.object({
  device: deviceKindSchema,
  /** e.g. "Chrome 120"; null when unknown. */
  browser: z.string().nullable(),
  /** e.g. "Windows 10", "iOS 17.2"; null when unknown. */
  os: z.string().nullable(),
});
export type DeviceSummary = z.infer<typeof deviceSummarySchema>;

/** How a session was started or an attempt was made. */
export const signInMethodSchema = z.enum([
  'password',
  'password_code',
  'password_2fa',
  'sign_up',
  'qr',
  'telegram',
  'quick_login',
  'passkey',
  /** Google or Apple (modules/social-login). */
  'social',
  'other',
]);
export type SignInMethod = z.infer<typeof signInMethodSchema>;

/** A session's reference: not its token, not its stored id; good only for the account that owns it. */
export const sessionRefSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'session_id: 22 characters');

/** One active session of the account. Times are epoch milliseconds. */
export const activeSessionSchema = deviceSummarySchema.extend({
  session_id: sessionRefSchema,
  /** The session this call came from. */
  current: z.boolean(),
  /** ISO 3166 country from the trusted proxy's header at sign-in, when known. */
  country: z.string().nullable(),
  /** The regional site signed in to (site id). */
  site: z.string().nullable(),
  method: signInMethodSchema.nullable(),
  created_at: z.number().int(),
  last_seen_at: z.number().int(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

/** `GET /user/private/sessions`: nothing to send. */
export const sessionsQuerySchema = z.object({}).passthrough();
/** Newest use first, the current session included. */
export const sessionsResultSchema = z.object({ sessions: z.array(activeSessionSchema) });
export type SessionsResult = z.infer<typeof sessionsResultSchema>;

/** `POST /user/private/sessions/revoke`: end one of the account's own sessions (not the current one). */
export const revokeSessionRequestSchema = z.object({ session_id: sessionRefSchema });
export const revokeSessionResultSchema = z.object({ revoked: z.literal(true) });

/** `POST /user/private/sessions/revoke-others`: every session but this one ends. */
export const revokeOtherSessionsRequestSchema = z.object({}).nullish();
export const revokeOtherSessionsResultSchema = z.object({ revoked: z.number().int().nonnegative() });
export type RevokeOtherSessionsResult = z.infer<typeof revokeOtherSessionsResultSchema>;

/** What became of a sign-in attempt. */
export const signInResultSchema = z.enum(['success', 'wrong_password', 'wrong_code', 'locked', 'refused']);
export type SignInResult = z.infer<typeof signInResultSchema>;

export const signInAttemptSchema = deviceSummarySchema.extend({
  at: z.number().int(),
  result: signInResultSchema,
  method: signInMethodSchema,
  /** The address the attempt came from, as the server saw it (behind TRUST_PROXY: the client's). */
  ip: z.string().nullable(),
  country: z.string().nullable(),
  site: z.string().nullable(),
});
export type SignInAttempt = z.infer<typeof signInAttemptSchema>;

/** `GET /user/private/sign-in-history`: the newest SIGN_IN_HISTORY_LIMIT attempts, newest first. */
export const signInHistoryResultSchema = z.object({ attempts: z.array(signInAttemptSchema) });
export type SignInHistory = z.infer<typeof signInHistoryResultSchema>;
