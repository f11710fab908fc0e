import { z } from 'zod';
import { encryptedPasswordSchema } from './auth-common.js';

/**
 * Third-party login with Google and Apple through OpenID Connect (issue 16, docs/flows/social-login.md).
 * Server: apps/server/src/modules/social-login.
 *
 * 1. The web asks `GET /user/public/login/thirdparty/authorize` for the provider's authorization URL
 *    (the server keeps state, nonce and the PKCE verifier, single use) and sends the browser there.
 * 2. The provider returns to the callback (`SOCIAL_CALLBACK_PATHS`, outside the API base: Google by
 *    query, Apple by form_post); the server exchanges the code, verifies the id_token and sends the
 *    browser back to the page it came from with `third_type` and a one-use `third_ticket` (or
 *    `third_error` with a ret_code).
 * 3. The page posts the ticket to `POST /user/public/login/thirdparty`: logged in when the identity
 *    is bound, else 40004 with a `third_pending_id` for login-and-bind or register-and-bind.
 */
export const SOCIAL_PROVIDERS = ['google', 'apple'] as const;
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

/** Every `third_type` of the third-party login call: Telegram and the OpenID providers. */
export const THIRD_TYPES = ['telegram', ...SOCIAL_PROVIDERS] as const;

/** Where each provider returns the browser (registered at the provider per site origin). */
export const SOCIAL_CALLBACK_PATHS = {
  google: '/auth/thirdparty/callback/google',
  apple: '/auth/thirdparty/callback/apple',
} as const satisfies Record<SocialProvider, string>;

/** The query keys the callback adds to the page it returns to. */
export const SOCIAL_RETURN_QUERY = {
  TYPE: 'third_type',
  TICKET: 'third_ticket',
  ERROR: 'third_error',
} as const;

/** The pages a social login may return to (never an arbitrary URL). */
export const SOCIAL_RETURN_PAGES = ['login', 'register'] as const;

/** 256 random bits, base64url: tickets and pending ids. */
export const socialHandleSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'malformed handle');

/** Tickets live just long enough for the page to load and post them. */
export const SOCIAL_TICKET_TTL_MS = 5 * 60_000;
/** Long enough to finish a sign-up with its e-mail code (as Telegram's pending bind). */
export const SOCIAL_PENDING_BIND_TTL_MS = 30 * 60_000;
/** From the authorization request to the callback: the person types a password at the provider. */
export const SOCIAL_STATE_TTL_MS = 10 * 60_000;

/** `GET /user/public/login/thirdparty/authorize`. */
export const socialAuthorizeQuerySchema = z.object({
  third_type: socialProviderSchema,
  /** The page to come back to. */
  from: z.enum(SOCIAL_RETURN_PAGES).default('login'),
  /** The page's query (channel, utm, redirect_url …), kept and given back on return. */
  return_query: z.string().max(2048).optional(),
});
export type SocialAuthorizeQuery = z.input<typeof socialAuthorizeQuerySchema>;

export const socialAuthorizeResultSchema = z.object({ authorize_url: z.string() });
export type SocialAuthorizeResult = z.infer<typeof socialAuthorizeResultSchema>;

/** What the provider told us about the person, shown on the choice screen (never trusted for linking). */
export const socialUserSchema = z.object({
  provider: socialProviderSchema,
  email: z.string().nullable(),
  /** Only a verified address is prefilled on sign-up; an account is never linked by address. */
  email_verified: z.boolean(),
  name: z.string().nullable(),
});
export type SocialUser = z.infer<typeof socialUserSchema>;

/** `result` of 40004 on a Google or Apple login: no account is bound to this identity yet. */
export const socialNotBoundResultSchema = z.object({
  third_pending_id: socialHandleSchema,
  expires_in: z.number().int().positive(),
  third_user: socialUserSchema,
});
export type SocialNotBoundResult = z.infer<typeof socialNotBoundResultSchema>;

/** Spread into login and sign-up requests: bind the pending identity to the account (login/register-and-bind). */
export const socialPendingBindFields = { third_pending_id: socialHandleSchema.optional() };

/** `status|message` of the pending bind, as `tg_bind_result` (spec §3, §4). */
export const THIRD_BIND_STATUS = {
  SUCCESS: 'success',
  PENDING_EXPIRED: '1001',
  IDENTITY_TAKEN: '1002',
  ACCOUNT_TAKEN: '1003',
  OTHER_DEVICE: '1004',
} as const;
export const thirdBindResultSchema = z.string().regex(/^[a-z0-9_]+\|[^|]*$/i);
export const socialBindOutcomeFields = { third_bind_result: thirdBindResultSchema.optional() };

/** `GET /user/private/thirdparty/bindings`: the bound Google and Apple identities. */
export const socialBindingSchema = z.object({
  provider: socialProviderSchema,
  email: z.string().nullable(),
  name: z.string().nullable(),
  bound_at: z.number().int(),
});
export const socialBindingsResultSchema = z.object({
  bindings: z.array(socialBindingSchema),
  /** Providers switched on for this site (the dashboard offers only these). */
  enabled: z.array(socialProviderSchema),
});
export type SocialBindingsResult = z.infer<typeof socialBindingsResultSchema>;

/** `POST /user/private/thirdparty/unbind`: always with the password again (ASVS 7.5.1). */
export const socialUnbindRequestSchema = z.object({
  third_type: socialProviderSchema,
  ...encryptedPasswordSchema.shape,
});
export type SocialUnbindRequest = z.infer<typeof socialUnbindRequestSchema>;
export const socialUnbindResultSchema = z.object({ provider: socialProviderSchema });

/** The page bootstrap's list of switched-on providers, so the buttons need no call. */
export interface SocialBootstrap {
  providers: SocialProvider[];
}
