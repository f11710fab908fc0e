import { z } from 'zod';

// The Telegram fields that the login and sign-up payloads carry. They live apart from telegram.ts
// because that module builds on login.ts, and login.ts and register.ts need these.

/** `status|message`, e.g. `success|login_bind` (spec §3 "tg_bind_result (status|message)"). */
export const tgBindResultSchema = z.string().regex(/^[a-z0-9_]+\|[^|]*$/i, 'tg_bind_result: status|message');

/** A pending bind id: 256 random bits, base64url. Valid for `TELEGRAM_PENDING_BIND_TTL_MS`, once. */
export const tgPendingIdSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'tg_pending_id: malformed');

/**
 * Spread into the login and registration request bodies: after a third-party login answered
 * 40004, the web sends the pending id with the login (or the sign-up's password step) and the
 * server binds that Telegram account to the account that logged in or was created.
 */
export const telegramPendingBindFields = { tg_pending_id: tgPendingIdSchema.optional() };

/** Spread into those answers' `result`: how the pending bind went (absent without a pending id). */
export const telegramBindOutcomeFields = { tg_bind_result: tgBindResultSchema.optional() };
