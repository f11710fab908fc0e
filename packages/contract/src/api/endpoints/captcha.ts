import type {
  altchaChallengeQuerySchema,
  altchaChallengeSchema,
  captchaInfoQuerySchema,
  captchaInfoSchema,
} from '../captcha.js';
import { SCHEMA_TYPES, type Endpoint } from '../endpoint.js';
import { NO_STORE, type Io } from './shared.js';

// ── Captcha ──────────────────────────────────────────────────────────────────────────────────

export const altchaChallenge = {
  method: 'GET',
  path: '/v3/public/captcha/altcha-challenge',
  public: true,
  cache: NO_STORE,
  codes: ['CaptchaUnavailable'],
  schemas: SCHEMA_TYPES as Io<typeof altchaChallengeQuerySchema, typeof altchaChallengeSchema>,
} as const satisfies Endpoint;

export const captchaInfoLogin = {
  method: 'GET',
  path: '/v3/public/user/captcha-info',
  public: true,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof captchaInfoQuerySchema, typeof captchaInfoSchema>,
} as const satisfies Endpoint;

export const captchaInfoSignup = {
  method: 'GET',
  path: '/user/public/captcha-info',
  public: true,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof captchaInfoQuerySchema, typeof captchaInfoSchema>,
} as const satisfies Endpoint;
