import type {
  banInfoRequestSchema,
  banInfoSchema,
  loginNeedVerifySchema,
  loginRequestSchema,
  loginResendRequestSchema,
  loginResultSchema,
  loginUnlockRequestSchema,
  loginUnlockResultSchema,
  loginVerifyRequestSchema,
  logoutRequestSchema,
  logoutResultSchema,
  riskInterceptRequestSchema,
  riskInterceptResultSchema,
  tradeSwitchRequestSchema,
  tradeSwitchResultSchema,
} from '../login.js';
import { SCHEMA_TYPES, type Endpoint } from '../endpoint.js';
import { ACCOUNT_STATE, CAPTCHA, CODE_CHECK, NO_STORE, PASSWORD, SENDS, type Io } from './shared.js';

// ── Login (docs/flows/login.md) ──────────────────────────────────────────────────────────────

const LOGIN_CODES = [
  ...CAPTCHA,
  ...PASSWORD,
  ...ACCOUNT_STATE,
  // A new device gets its code in the same call.
  ...SENDS,
  'PasswordWrong',
  'TooManyPasswordErrors',
  'IpLimit',
] as const;

export const login = {
  method: 'POST',
  path: '/login',
  public: true,
  cache: NO_STORE,
  codes: LOGIN_CODES,
  schemas: SCHEMA_TYPES as Io<typeof loginRequestSchema, typeof loginResultSchema>,
} as const satisfies Endpoint;

/** The same login on a regulated site (spec §7); the site rules follow the Host, not the path. */
export const loginCompliance = {
  method: 'POST',
  path: '/user/public/login_compliance',
  public: true,
  cache: NO_STORE,
  codes: LOGIN_CODES,
  schemas: SCHEMA_TYPES as Io<typeof loginRequestSchema, typeof loginResultSchema>,
} as const satisfies Endpoint;

export const loginVerify = {
  method: 'POST',
  path: '/user/public/login/verify',
  public: true,
  cache: NO_STORE,
  // IpLimit: code guesses count against the address like password guesses (login.service.ts).
  codes: [...CODE_CHECK, ...ACCOUNT_STATE, 'IpLimit'],
  schemas: SCHEMA_TYPES as Io<typeof loginVerifyRequestSchema, typeof loginResultSchema>,
} as const satisfies Endpoint;

export const loginResend = {
  method: 'POST',
  path: '/user/public/login/verify/resend',
  public: true,
  cache: NO_STORE,
  codes: ['VerifyCodeExpired', ...SENDS],
  schemas: SCHEMA_TYPES as Io<typeof loginResendRequestSchema, typeof loginNeedVerifySchema>,
} as const satisfies Endpoint;

export const loginUnlock = {
  method: 'POST',
  path: '/user/public/login/unlock',
  public: true,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof loginUnlockRequestSchema, typeof loginUnlockResultSchema>,
} as const satisfies Endpoint;

export const banInfo = {
  method: 'POST',
  path: '/user/public/ban/einfo',
  public: true,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof banInfoRequestSchema, typeof banInfoSchema>,
} as const satisfies Endpoint;

export const logout = {
  method: 'POST',
  path: '/logout',
  public: true,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof logoutRequestSchema, typeof logoutResultSchema>,
} as const satisfies Endpoint;

export const riskIntercept = {
  method: 'POST',
  path: '/user/public/risk/default-intercept',
  public: true,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof riskInterceptRequestSchema, typeof riskInterceptResultSchema>,
} as const satisfies Endpoint;

export const tradeSwitch = {
  method: 'POST',
  path: '/user/private/trade/switch',
  public: false,
  cache: NO_STORE,
  // Forbidden: demo-account login is switched off (web config feature_flags.demoAccount).
  codes: ['Forbidden'],
  schemas: SCHEMA_TYPES as Io<typeof tradeSwitchRequestSchema, typeof tradeSwitchResultSchema>,
} as const satisfies Endpoint;
