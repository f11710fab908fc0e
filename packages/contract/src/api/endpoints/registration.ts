import type {
  codeSentResultSchema,
  registerComplianceRequestSchema,
  registerDoneResultSchema,
  registerEmailRequestSchema,
  registerInfoRequestSchema,
  registerInfoResultSchema,
  registerMobileRequestSchema,
  registerPasswordRequestSchema,
  registerRecallResultSchema,
  registerResendRequestSchema,
  registerUuidQuerySchema,
  registerVerifyRequestSchema,
  registerVerifyResultSchema,
  verifyRegisterEmailRequestSchema,
  verifyRegisterMobileRequestSchema,
  verifyRegisterResultSchema,
} from '../register.js';
import { SCHEMA_TYPES, type Endpoint } from '../endpoint.js';
import { CAPTCHA, CODE_CHECK, FLOW, NO_STORE, PASSWORD, SENDS, SIGNUP_RULES, type Io } from './shared.js';

// ── Sign-up, step by step (uuid flow; docs/flows/registration.md) ───────────────────────────

export const registerInfo = {
  method: 'POST',
  path: '/user/public/register/info',
  public: true,
  cache: NO_STORE,
  codes: [...CAPTCHA, ...SIGNUP_RULES, ...SENDS],
  schemas: SCHEMA_TYPES as Io<typeof registerInfoRequestSchema, typeof registerInfoResultSchema>,
} as const satisfies Endpoint;

export const registerVerify = {
  method: 'POST',
  path: '/user/public/register/verify',
  public: true,
  cache: NO_STORE,
  codes: [...CODE_CHECK, ...FLOW],
  schemas: SCHEMA_TYPES as Io<typeof registerVerifyRequestSchema, typeof registerVerifyResultSchema>,
} as const satisfies Endpoint;

export const registerVerifyResult = {
  method: 'GET',
  path: '/user/public/register/verify/result',
  public: true,
  cache: NO_STORE,
  codes: [...FLOW],
  schemas: SCHEMA_TYPES as Io<typeof registerUuidQuerySchema, typeof registerVerifyResultSchema>,
} as const satisfies Endpoint;

export const registerPassword = {
  method: 'POST',
  path: '/user/public/register/password',
  public: true,
  cache: NO_STORE,
  codes: [...FLOW, ...PASSWORD, 'AccountExists', 'PasswordTooWeak'],
  schemas: SCHEMA_TYPES as Io<typeof registerPasswordRequestSchema, typeof registerDoneResultSchema>,
} as const satisfies Endpoint;

export const registerResend = {
  method: 'POST',
  path: '/user/public/register/send/verify/item',
  public: true,
  cache: NO_STORE,
  codes: [...FLOW, ...SENDS],
  schemas: SCHEMA_TYPES as Io<typeof registerResendRequestSchema, typeof codeSentResultSchema>,
} as const satisfies Endpoint;

export const registerRecall = {
  method: 'GET',
  path: '/user/public/register/recall/info',
  public: true,
  cache: NO_STORE,
  codes: [...FLOW],
  schemas: SCHEMA_TYPES as Io<typeof registerUuidQuerySchema, typeof registerRecallResultSchema>,
} as const satisfies Endpoint;

// ── Sign-up in one call (the older UI, spec §7) ──────────────────────────────────────────────

export const verifyRegisterEmail = {
  method: 'POST',
  path: '/verify/register/email',
  public: true,
  cache: NO_STORE,
  codes: [...CAPTCHA, ...SIGNUP_RULES, ...SENDS],
  schemas: SCHEMA_TYPES as Io<typeof verifyRegisterEmailRequestSchema, typeof verifyRegisterResultSchema>,
} as const satisfies Endpoint;

export const verifyRegisterMobile = {
  method: 'POST',
  path: '/verify/register/mobile',
  public: true,
  cache: NO_STORE,
  codes: [...CAPTCHA, ...SIGNUP_RULES, ...SENDS],
  schemas: SCHEMA_TYPES as Io<typeof verifyRegisterMobileRequestSchema, typeof verifyRegisterResultSchema>,
} as const satisfies Endpoint;

const COMMIT_CODES = [
  ...CODE_CHECK,
  ...FLOW,
  ...PASSWORD,
  ...SIGNUP_RULES,
  'AccountExists',
  'PasswordTooWeak',
] as const;

export const registerEmail = {
  method: 'POST',
  path: '/register/email',
  public: true,
  cache: NO_STORE,
  codes: COMMIT_CODES,
  schemas: SCHEMA_TYPES as Io<typeof registerEmailRequestSchema, typeof registerDoneResultSchema>,
} as const satisfies Endpoint;

export const registerMobile = {
  method: 'POST',
  path: '/register/mobile',
  public: true,
  cache: NO_STORE,
  codes: COMMIT_CODES,
  schemas: SCHEMA_TYPES as Io<typeof registerMobileRequestSchema, typeof registerDoneResultSchema>,
} as const satisfies Endpoint;

export const registerCompliance = {
  method: 'POST',
  path: '/user/public/register_compliance',
  public: true,
  cache: NO_STORE,
  codes: COMMIT_CODES,
  schemas: SCHEMA_TYPES as Io<typeof registerComplianceRequestSchema, typeof registerDoneResultSchema>,
} as const satisfies Endpoint;
