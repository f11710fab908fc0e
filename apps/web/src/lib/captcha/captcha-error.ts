/** Why `runCaptcha` gave no result: every captcha failed (the toast was shown), or the user or page cancelled. */
export type CaptchaErrorKind = 'unavailable' | 'cancelled';

export class CaptchaError extends Error {
  override name = 'CaptchaError';
  readonly kind: CaptchaErrorKind;

  constructor(kind: CaptchaErrorKind, options?: { cause?: unknown }) {
    super(`captcha ${kind}`, options);
    this.kind = kind;
  }
}

export function isCaptchaError(error: unknown): error is CaptchaError {
  return error instanceof CaptchaError;
}
