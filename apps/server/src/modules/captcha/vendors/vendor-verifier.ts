import type { CaptchaResult, OldCaptchaType } from '@gatehouse/contract';

/** `unavailable`: the vendor could not be asked (not configured, unreachable, or an odd answer). */
export type VendorVerdict = 'ok' | 'invalid' | 'unavailable';

export interface VendorContext {
  /** The client address, which vendors use for their own risk checks. */
  ip: string;
}

/** One older captcha's server side: the vendor's verify API behind a common shape. */
export interface VendorVerifier<T extends OldCaptchaType = OldCaptchaType> {
  readonly type: T;
  verify(result: Extract<CaptchaResult, { type: T }>, ctx: VendorContext): Promise<VendorVerdict>;
  /** The one value of the result the vendor would refuse twice; the single-use guard keys on it. */
  tokenOf(result: Extract<CaptchaResult, { type: T }>): string;
}

/**
 * POST to a vendor with a time limit. Resolves to the parsed JSON, or null when the vendor
 * cannot be reached, answers an error status, or answers something that is not JSON.
 */
export async function postVendor(
  url: string,
  init: { body: string; headers: Record<string, string> },
  timeoutMs: number,
): Promise<unknown> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      body: init.body,
      headers: init.headers,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    if (!response.ok) return null;
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
