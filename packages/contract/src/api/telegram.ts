import { z } from 'zod';
import { userIdSchema } from './account.js';
import { signupChannelSchema } from './auth-common.js';
import { loginResultSchema } from './login.js';
import { socialHandleSchema, socialUserSchema, THIRD_TYPES } from './social-login.js';
import { tgBindResultSchema, tgPendingIdSchema } from './telegram-bind-fields.js';

export * from './telegram-bind-fields.js';

/**
 * Telegram binding, Telegram login and the Mini App calls (spec §3 Telegram user / bind payload /
 * bind status / one-person-bind, §4 third-party binding result, §7). Server:
 * apps/server/src/modules/telegram; rules and flows: docs/telegram.md.
 *
 * Two kinds of signed Telegram data travel as strings:
 * - `telegram_callback`: the Login Widget's user object (web, account page), as the JSON the
 *   widget's callback receives or as the query string its redirect mode appends;
 * - `telegram_callback_mini`: the Mini App's raw init data (`tgWebAppData`), also sent as the
 *   `TgToken` header on Mini App calls.
 */

/** Signed Telegram data is small; this bounds the work done on a hostile value. */
export const TELEGRAM_CALLBACK_MAX_LENGTH = 4096;

const callbackString = z.string().min(1).max(TELEGRAM_CALLBACK_MAX_LENGTH);

/** Spec §3 "Telegram user info": what we keep and show of the Telegram account. */
export const telegramUserSchema = z.object({
  /** Telegram user id (numeric string: ids may outgrow 2^31). */
  id: z.string(),
  username: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  photo_url: z.string().nullable(),
});
export type TelegramUser = z.infer<typeof telegramUserSchema>;

/** Spec §3 "Bind status": UNBOUND 0, BOUND 1. */
export const TELEGRAM_BIND_STATUS = { UNBOUND: 0, BOUND: 1 } as const;
export const telegramBindStatusSchema = z.union([z.literal(0), z.literal(1)]);

/**
 * Re-authentication for binding and unbinding (ASVS 7.5.1): either the session started (login or
 * sign-up) less than this long ago, or the body carries the account password, encrypted like at
 * login. Otherwise the call answers 43006 TELEGRAM_REAUTH_REQUIRED and changes nothing.
 */
export const TELEGRAM_REAUTH_WINDOW_MS = 10 * 60_000;

/** Optional password proof on bind, unbind and one-person-bind set (same transport as login). */
export const telegramReauthFields = {
  encrypt_password: z
    .string()
    .min(16)
    .max(2048)
    .regex(/^[A-Za-z0-9+/=_-]+$/)
    .optional(),
  encrypt_timestamp: z
    .string()
    .regex(/^\d{13}$/)
    .optional(),
};

/** `result` of 43006 TELEGRAM_REAUTH_REQUIRED: ask for the password and send the call again. */
export const telegramReauthRequiredResultSchema = z.object({
  reauth: z.literal('password'),
  /** A session younger than this many seconds needs no password. */
  window_seconds: z.number().int().positive(),
});

const bothCallbacks = (v: {
  telegram_callback?: string | undefined;
  telegram_callback_mini?: string | undefined;
}) => (v.telegram_callback === undefined) !== (v.telegram_callback_mini === undefined);
const ONE_CALLBACK = {
  message: 'send either telegram_callback or telegram_callback_mini',
  path: ['telegram_callback'],
};

/** `POST /user/private/bind/telegram` (spec §3 "Telegram bind payload"). */
export const telegramBindRequestSchema = z
  .object({
    telegram_callback: callbackString.optional(),
    telegram_callback_mini: callbackString.optional(),
    ...telegramReauthFields,
  })
  .refine(bothCallbacks, ONE_CALLBACK);
export type TelegramBindRequest = z.infer<typeof telegramBindRequestSchema>;

export const telegramBindResultSchema = z.object({
  status: z.literal(TELEGRAM_BIND_STATUS.BOUND),
  telegram_user: telegramUserSchema,
});
export type TelegramBindResult = z.infer<typeof telegramBindResultSchema>;

/** `GET /user/private/telegram-bind-status`: `telegram_user` only when bound. */
export const telegramBindStatusResultSchema = z.object({
  status: telegramBindStatusSchema,
  telegram_user: telegramUserSchema.optional(),
});
export type TelegramBindStatusResult = z.infer<typeof telegramBindStatusResultSchema>;

/** `POST /user/private/unbind/telegram`: only the re-authentication proof (or no body at all, in the window). */
export const telegramUnbindRequestSchema = z.object({ ...telegramReauthFields }).nullish();
export const telegramUnbindResultSchema = z.object({ status: z.literal(TELEGRAM_BIND_STATUS.UNBOUND) });

/**
 * One-person-bind (spec §3): from inside the Mini App, which exchange account this Telegram
 * identity is bound to. `bind_uid` is that account's id as a string; "0" means none.
 */
export const NO_BIND_UID = '0';
export const onePeopleBindResultSchema = z.object({ bind_uid: z.string().regex(/^\d+$/) });
export type OnePeopleBindResult = z.infer<typeof onePeopleBindResultSchema>;

/**
 * `POST /user/private/one_people_bind/set`: bind the Mini App's Telegram user (init data in the
 * `TgToken` header, or `telegram_callback_mini`) to the logged-in account: the link-authorisation
 * screen's Accept. `allow_bot_messages` records the "allow bot messages" box (default true).
 */
export const onePeopleBindSetRequestSchema = z
  .object({
    telegram_callback_mini: callbackString.optional(),
    allow_bot_messages: z.boolean().optional(),
    ...telegramReauthFields,
  })
  .nullish();
export type OnePeopleBindSetRequest = z.infer<typeof onePeopleBindSetRequestSchema>;

// ---- third-party login with Telegram ----

/**
 * Spec §3/§4 `tg_bind_result`: `status|message`. `status` is `success` or a failure code part the
 * web prefixes with tg/tr + login/register for its message key and the failure modal (§8).
 */
export const TG_BIND_STATUS = {
  SUCCESS: 'success',
  /** The pending Telegram authorisation is unknown, used or expired: authorise again. */
  PENDING_EXPIRED: '1001',
  /** This Telegram account is bound to another exchange account. */
  TELEGRAM_TAKEN: '1002',
  /** This exchange account already has another Telegram account bound. */
  ACCOUNT_TAKEN: '1003',
  /** The pending authorisation was started on another device (Guid). */
  OTHER_DEVICE: '1004',
} as const;
export type TgBindStatus = (typeof TG_BIND_STATUS)[keyof typeof TG_BIND_STATUS];

/** The `message` part on success: which toast (spec §4) the web shows. `login`: no toast, nothing new was bound. */
export const TG_BIND_SUCCESS_MESSAGE = {
  LOGIN: 'login',
  LOGIN_BIND: 'login_bind',
  REGISTER_BIND: 'register_bind',
} as const;

export function formatTgBindResult(status: TgBindStatus, message: string): string {
  return `${status}|${message.replaceAll('|', '/')}`;
}

/** Split `status|message`; null when malformed. */
export function parseTgBindResult(value: string): { status: string; message: string } | null {
  const bar = value.indexOf('|');
  if (bar <= 0) return null;
  return { status: value.slice(0, bar), message: value.slice(bar + 1) };
}

/** Long enough to finish a sign-up with its e-mail code. */
export const TELEGRAM_PENDING_BIND_TTL_MS = 30 * 60_000;

const { telegram_callback: _wc, telegram_callback_mini: _mc, ...channelExtras } = signupChannelSchema.shape;

/** `POST /user/public/login/thirdparty` (spec §3 "Third-party login payload": register extras plus url). */
export const thirdPartyLoginRequestSchema = z
  .object({
    /** `telegram` (widget or Mini App data) or an OpenID provider (`google`, `apple`: social-login.ts). */
    third_type: z.enum(THIRD_TYPES),
    telegram_callback: callbackString.optional(),
    telegram_callback_mini: callbackString.optional(),
    /** Google / Apple: the one-use ticket the provider's callback handed to the page. */
    third_ticket: socialHandleSchema.optional(),
    ...channelExtras,
  })
  .refine((v) => (v.third_type === 'telegram' ? bothCallbacks(v) : true), ONE_CALLBACK)
  .refine(
    (v) =>
      v.third_type === 'telegram'
        ? v.third_ticket === undefined
        : v.third_ticket !== undefined &&
          v.telegram_callback === undefined &&
          v.telegram_callback_mini === undefined,
    {
      message: 'Google and Apple send third_ticket only; Telegram sends its callback',
      path: ['third_ticket'],
    },
  );
export type ThirdPartyLoginRequest = z.infer<typeof thirdPartyLoginRequestSchema>;

/** Logged in (the Telegram account is bound): like a login answer, plus `tg_bind_result` `success|login`. */
export const thirdPartyLoginResultSchema = loginResultSchema.extend({
  user_id: userIdSchema,
  tg_bind_result: tgBindResultSchema,
  /** Telegram logins: the Telegram account. */
  telegram_user: telegramUserSchema.optional(),
  /** Google and Apple logins: what the provider said (social-login.ts). */
  third_user: socialUserSchema.optional(),
  /** Spec §3: the session came from a third-party login (no password was typed). */
  use_thirdparty: z.boolean().optional(),
});
export type ThirdPartyLoginResult = z.infer<typeof thirdPartyLoginResultSchema>;

/**
 * `result` of 40004 THIRD_PARTY_NOT_BOUND on third-party login: no account is bound to this
 * Telegram user yet. The UI offers login-and-bind or register-and-bind and sends `tg_pending_id`.
 */
export const thirdPartyNotBoundResultSchema = z.object({
  tg_pending_id: tgPendingIdSchema,
  /** Seconds the pending id stays valid. */
  expires_in: z.number().int().positive(),
  telegram_user: telegramUserSchema,
});
export type ThirdPartyNotBoundResult = z.infer<typeof thirdPartyNotBoundResultSchema>;

// ---- Mini App tasks ----

const taskIdSchema = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'letters, digits, _ . : -; at most 64');

/** `POST /fht/growth/miniapp/task/v1/complete_task` with the `TgToken` header (spec §7). */
export const completeTaskRequestSchema = z.object({
  campaignId: z.union([taskIdSchema, z.number().int().nonnegative()]).transform(String),
  taskId: z.union([taskIdSchema, z.number().int().nonnegative()]).transform(String),
});
export type CompleteTaskRequest = z.input<typeof completeTaskRequestSchema>;

/** Recorded once per account and task: a repeat answers `already_completed`. */
export const completeTaskResultSchema = z.object({
  campaignId: z.string(),
  taskId: z.string(),
  status: z.enum(['completed', 'already_completed']),
  completed_at: z.number().int(),
});
export type CompleteTaskResult = z.infer<typeof completeTaskResultSchema>;
