// QR-code login's plain values (docs/flows/qr-login.md), apart from the zod schemas of qr-login.ts on
// purpose: the login page's QR panel needs them at run time, and a value from a module that builds
// schemas would bring zod into the page.

/** A code is valid this long after it was generated (about two minutes). */
export const QR_CODE_TTL_MS = 120_000;
/** How often the login page asks for the state. */
export const QR_POLL_INTERVAL_MS = 2_000;
/** The page the QR code opens, below the locale prefix: `/{lang}/qr-confirm?uuid=…`. */
export const QR_CONFIRM_PATH = '/qr-confirm';
/** A code: a random UUID (version 4), lower-case as the server issues it. */
export const QR_UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * What a code is waiting for: nobody yet, the confirmation of the account that scanned it, nothing
 * more (confirmed: the session came with this answer; expired; cancelled on the phone).
 */
export const QR_STATES = ['waiting', 'scanned', 'confirmed', 'expired', 'cancelled'] as const;
export type QrState = (typeof QR_STATES)[number];
