import { z } from 'zod';
import { QR_STATES, QR_UUID_PATTERN } from './qr-login-constants.js';

/**
 * QR-code login (spec §1, §4, §7; issue 15; docs/flows/qr-login.md). A browser that is not logged in
 * asks for a code (`qrGenerate`), shows it as a QR code of `/{lang}/qr-confirm?uuid=` and polls
 * `qrStatus`; a logged-in user opens that page, sees who is asking (`qrScan`) and confirms or cancels.
 * On `confirmed` the polling browser (and only it: the code is bound to an HttpOnly cookie set by
 * `qrGenerate`) gets the session, once. Unknown, expired, spent codes, and codes another account has
 * scanned, answer QrCodeExpired (31010). Server: apps/server/src/modules/qr-login.
 */

/** A code: a random UUID (version 4), lower-case as the server issues it. */
export const qrUuidSchema = z.string().regex(QR_UUID_PATTERN, 'not a QR login code');

/** `GET /v3/public/qrcode/generate`: no parameters. */
export const qrGenerateRequestSchema = z.object({});
export const qrGenerateResultSchema = z.object({
  uuid: qrUuidSchema,
  /** Seconds until the code expires. */
  expires_in: z.number().int(),
});

/** `GET /v3/public/qrcode/status?uuid=`. */
export const qrStatusRequestSchema = z.object({ uuid: qrUuidSchema });
export const qrStatusResultSchema = z.object({
  state: z.enum(QR_STATES),
  /** The account now logged in on this browser; only with `confirmed`. */
  user_id: z.number().int().positive().optional(),
});
export type QrStatus = z.output<typeof qrStatusResultSchema>;

/** `POST /v3/private/qrcode/scan|confirm|cancel {uuid}`. */
export const qrCodeRequestSchema = z.object({ uuid: qrUuidSchema });

/** Who is asking, as recorded when the code was generated: shown before the user confirms. */
export const qrScanResultSchema = z.object({
  /** The host name of the site the asking browser opened (`eu.example.com`). */
  site: z.string(),
  /** Browser and operating system from its user agent, when recognised (`Firefox`, `Windows`). */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** ISO country of its address, when the trusted proxy says so. */
  country: z.string().nullable(),
  /** When the code was generated (epoch ms). */
  requested_at: z.number().int(),
  /** Seconds left to confirm. */
  expires_in: z.number().int(),
});
export type QrScanInfo = z.output<typeof qrScanResultSchema>;

export const qrConfirmResultSchema = z.object({ confirmed: z.literal(true) });
export const qrCancelResultSchema = z.object({ cancelled: z.literal(true) });
