import type {
  qrCancelResultSchema,
  qrCodeRequestSchema,
  qrConfirmResultSchema,
  qrGenerateRequestSchema,
  qrGenerateResultSchema,
  qrScanResultSchema,
  qrStatusRequestSchema,
  qrStatusResultSchema,
} from '../qr-login.js';
import { SCHEMA_TYPES, type Endpoint } from '../endpoint.js';
import { NO_STORE, type Io } from './shared.js';

// ── QR-code login (docs/flows/qr-login.md) ───────────────────────────────────────────────────
// The asking browser: public, bound to it by an HttpOnly cookie.

export const qrGenerate = {
  method: 'GET',
  path: '/v3/public/qrcode/generate',
  public: true,
  cache: NO_STORE,
  // Forbidden: QR-code login is switched off (web config feature_flags.qrLogin).
  codes: ['Forbidden'],
  schemas: SCHEMA_TYPES as Io<typeof qrGenerateRequestSchema, typeof qrGenerateResultSchema>,
} as const satisfies Endpoint;

export const qrStatus = {
  method: 'GET',
  path: '/v3/public/qrcode/status',
  public: true,
  cache: NO_STORE,
  codes: ['QrCodeExpired'],
  schemas: SCHEMA_TYPES as Io<typeof qrStatusRequestSchema, typeof qrStatusResultSchema>,
} as const satisfies Endpoint;

// The confirming side: the logged-in user who opened the QR code's page.

export const qrScan = {
  method: 'POST',
  path: '/v3/private/qrcode/scan',
  public: false,
  cache: NO_STORE,
  codes: ['QrCodeExpired'],
  schemas: SCHEMA_TYPES as Io<typeof qrCodeRequestSchema, typeof qrScanResultSchema>,
} as const satisfies Endpoint;

export const qrConfirm = {
  method: 'POST',
  path: '/v3/private/qrcode/confirm',
  public: false,
  cache: NO_STORE,
  codes: ['QrCodeExpired'],
  schemas: SCHEMA_TYPES as Io<typeof qrCodeRequestSchema, typeof qrConfirmResultSchema>,
} as const satisfies Endpoint;

export const qrCancel = {
  method: 'POST',
  path: '/v3/private/qrcode/cancel',
  public: false,
  cache: NO_STORE,
  codes: ['QrCodeExpired'],
  schemas: SCHEMA_TYPES as Io<typeof qrCodeRequestSchema, typeof qrCancelResultSchema>,
} as const satisfies Endpoint;
