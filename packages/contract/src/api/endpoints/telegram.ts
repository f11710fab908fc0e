import type { emptyQuerySchema } from '../health.js';
import type {
  completeTaskRequestSchema,
  completeTaskResultSchema,
  onePeopleBindResultSchema,
  onePeopleBindSetRequestSchema,
  telegramBindRequestSchema,
  telegramBindResultSchema,
  telegramBindStatusResultSchema,
  telegramUnbindRequestSchema,
  telegramUnbindResultSchema,
  thirdPartyLoginRequestSchema,
  thirdPartyLoginResultSchema,
} from '../telegram.js';
import { SCHEMA_TYPES, type Endpoint } from '../endpoint.js';
import { THIRD_PARTY_LOGIN_PATH } from '../client-paths.js';
import { ACCOUNT_STATE, CAPTCHA, NO_STORE, REAUTH, TELEGRAM_DATA, type Io } from './shared.js';

// ── Telegram (docs/telegram.md) ──────────────────────────────────────────────────────────────

export const telegramBind = {
  method: 'POST',
  path: '/user/private/bind/telegram',
  public: false,
  cache: NO_STORE,
  codes: [...REAUTH, ...TELEGRAM_DATA, 'TelegramAlreadyBound', 'TelegramAccountAlreadyLinked'],
  schemas: SCHEMA_TYPES as Io<typeof telegramBindRequestSchema, typeof telegramBindResultSchema>,
} as const satisfies Endpoint;

export const telegramBindStatus = {
  method: 'GET',
  path: '/user/private/telegram-bind-status',
  public: false,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof emptyQuerySchema, typeof telegramBindStatusResultSchema>,
} as const satisfies Endpoint;

export const telegramUnbind = {
  method: 'POST',
  path: '/user/private/unbind/telegram',
  public: false,
  cache: NO_STORE,
  codes: [...REAUTH, 'TelegramNotBound'],
  schemas: SCHEMA_TYPES as Io<typeof telegramUnbindRequestSchema, typeof telegramUnbindResultSchema>,
} as const satisfies Endpoint;

export const onePeopleBindGet = {
  method: 'GET',
  path: '/user/private/one_people_bind/get',
  public: false,
  cache: NO_STORE,
  codes: [...TELEGRAM_DATA],
  schemas: SCHEMA_TYPES as Io<typeof emptyQuerySchema, typeof onePeopleBindResultSchema>,
} as const satisfies Endpoint;

export const onePeopleBindSet = {
  method: 'POST',
  path: '/user/private/one_people_bind/set',
  public: false,
  cache: NO_STORE,
  codes: [...REAUTH, ...TELEGRAM_DATA, 'TelegramAlreadyBound', 'TelegramAccountAlreadyLinked'],
  schemas: SCHEMA_TYPES as Io<typeof onePeopleBindSetRequestSchema, typeof onePeopleBindResultSchema>,
} as const satisfies Endpoint;

export const thirdPartyLogin = {
  method: 'POST',
  path: THIRD_PARTY_LOGIN_PATH,
  public: true,
  cache: NO_STORE,
  codes: [
    ...CAPTCHA,
    ...TELEGRAM_DATA,
    ...ACCOUNT_STATE,
    'ThirdPartyNotBound',
    'TelegramNotBound',
    // Google and Apple (social-login.ts): provider off, ticket unknown or used, identity unverifiable.
    'ThirdPartyProviderOff',
    'ThirdPartyStateInvalid',
    'ThirdPartyAuthFailed',
    // An account with 2FA: Telegram alone is one factor (docs/flows/two-factor.md).
    'TwoFactorPasswordLoginRequired',
  ],
  schemas: SCHEMA_TYPES as Io<typeof thirdPartyLoginRequestSchema, typeof thirdPartyLoginResultSchema>,
} as const satisfies Endpoint;

/** Public: the Mini App proves who it is with the signed init data (TgToken header), not a session. */
export const miniAppCompleteTask = {
  method: 'POST',
  path: '/fht/growth/miniapp/task/v1/complete_task',
  public: true,
  cache: NO_STORE,
  codes: [...TELEGRAM_DATA, 'TelegramNotBound'],
  schemas: SCHEMA_TYPES as Io<typeof completeTaskRequestSchema, typeof completeTaskResultSchema>,
} as const satisfies Endpoint;
