/** What a message is for; each kind has its texts in the `mail` locale namespace. */
export const DELIVERY_KINDS = [
  'register-code',
  'register-link',
  /** Sign-up attempted with an address that already has an account (no code: see registration). */
  'register-exists',
  'login-code',
  'reset-code',
  'password-changed',
  /** Unknown devices are held back after guesses from many addresses: the owner's way in. */
  'login-unlock',
  /** The code that lifts a self-help ban (modules/self-unblock). */
  'self-unblock-code',
  /** Authenticator 2FA (modules/two-factor): notices of the change, and the lost-device removal. */
  'two-factor-enabled',
  'two-factor-disabled',
  'two-factor-unbind-code',
  'two-factor-unbind-scheduled',
  /** Passkeys (modules/passkeys): notices when one is added or removed. */
  'passkey-added',
  'passkey-removed',
  /** A login from a device the account had not used (docs/flows/sessions.md): when, what, where from. */
  'new-device-sign-in',
  /** A third-party account (Telegram) was linked to the account: which one. */
  'account-bound',
] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

export type DeliveryChannel = 'email' | 'sms';

export interface DeliveryMessage {
  channel: DeliveryChannel;
  /** A normalised e-mail address, or an E.164 number (`+447700900123`). */
  to: string;
  kind: DeliveryKind;
  /**
   * The page's locale, e.g. `tr-TUR` (or its translation locale `tr-TR`): texts come from that
   * locale's `mail.json`, falling back to the language, then to `en`.
   */
  locale: string;
  /**
   * Interpolated into the texts as `{{name}}`. `code` and `link` are also kept in their own outbox
   * columns (tests read them); `product` (the brand name) is filled in when not given.
   */
  vars: Readonly<Record<string, string>>;
}

export interface DeliveryResult {
  /** The outbox row id. */
  id: string;
}

export interface Delivery {
  /**
   * Writes the outbox, then sends by SMTP (e-mail, when SMTP_URL is set) or the SMS provider.
   * Throws ApiError SYSTEM_BUSY when sending failed (the outbox row is kept, marked `failed`).
   */
  send(message: DeliveryMessage): Promise<DeliveryResult>;
  /**
   * Resolves once every send started so far has finished, failed ones included. Some callers do
   * not wait for a send (a reset code answers in constant time): shutdown and tests wait here.
   */
  settled(): Promise<void>;
}
