import type {
  socialAuthorizeQuerySchema,
  socialAuthorizeResultSchema,
  socialBindingsResultSchema,
  socialUnbindRequestSchema,
  socialUnbindResultSchema,
} from '../social-login.js';
import type { emptyQuerySchema } from '../health.js';
import { SCHEMA_TYPES, type Endpoint } from '../endpoint.js';
import { NO_STORE, PASSWORD, type Io } from './shared.js';

// ── Google and Apple sign-in (docs/flows/social-login.md) ──────────────────────────────────────

export const socialAuthorize = {
  method: 'GET',
  path: '/user/public/login/thirdparty/authorize',
  public: true,
  cache: NO_STORE,
  codes: ['ThirdPartyProviderOff', 'ThirdPartyAuthFailed'],
  schemas: SCHEMA_TYPES as Io<typeof socialAuthorizeQuerySchema, typeof socialAuthorizeResultSchema>,
} as const satisfies Endpoint;

export const socialBindings = {
  method: 'GET',
  path: '/user/private/thirdparty/bindings',
  public: false,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof emptyQuerySchema, typeof socialBindingsResultSchema>,
} as const satisfies Endpoint;

export const socialUnbind = {
  method: 'POST',
  path: '/user/private/thirdparty/unbind',
  public: false,
  cache: NO_STORE,
  codes: [
    'PasswordWrong',
    'TooManyPasswordErrors',
    ...PASSWORD,
    'AccountNotBound',
    'ThirdPartyLastLoginMethod',
  ],
  schemas: SCHEMA_TYPES as Io<typeof socialUnbindRequestSchema, typeof socialUnbindResultSchema>,
} as const satisfies Endpoint;
