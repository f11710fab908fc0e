import type {
  selfUnblockRequestSchema,
  selfUnblockResultSchema,
  selfUnblockSendCodeRequestSchema,
  selfUnblockSendCodeResultSchema,
} from '../self-unblock.js';
import { SCHEMA_TYPES, type Endpoint } from '../endpoint.js';
import { CAPTCHA, CODE_CHECK, NO_STORE, SENDS, type Io } from './shared.js';

// ── Self-unblock (docs/flows/ban.md); the ban itself is read with login's `banInfo` ────────────────

export const selfUnblockSendCode = {
  method: 'POST',
  path: '/user/public/ban/unblock/send-code',
  public: true,
  cache: NO_STORE,
  codes: [...CAPTCHA, ...SENDS, 'SelfUnbanUnavailable'],
  schemas: SCHEMA_TYPES as Io<
    typeof selfUnblockSendCodeRequestSchema,
    typeof selfUnblockSendCodeResultSchema
  >,
} as const satisfies Endpoint;

export const selfUnblock = {
  method: 'POST',
  path: '/user/public/ban/unblock',
  public: true,
  cache: NO_STORE,
  codes: [...CODE_CHECK, 'SelfUnbanUnavailable'],
  schemas: SCHEMA_TYPES as Io<typeof selfUnblockRequestSchema, typeof selfUnblockResultSchema>,
} as const satisfies Endpoint;
