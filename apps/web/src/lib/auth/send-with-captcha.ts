import {
  captchaSceneFor,
  RetCode,
  type CaptchaFlow,
  type CaptchaResult,
  type SiteId,
} from '@gatehouse/contract';
import { runCaptcha, isCaptchaError, type RunCaptchaOptions } from '../captcha';
import { failureOf } from '../api-error';
import type { Identifier } from './identifier';

/**
 * A protected call with its captcha (spec §4 "Captcha flow", docs/captcha.md "Web"). Pages load this
 * module at submit time (`await import('./send-with-captcha')`), so neither it nor the
 * captcha code is in the login route's first download:
 *
 *   const { sendWithCaptcha } = await import('./send-with-captcha');
 *   const sent = await sendWithCaptcha('register', site, { loginName }, (fields) => post({ ...body, ...fields }));
 *   if (!sent) return; // cancelled, or unavailable (the toast was shown): the form is usable again
 *
 * `fields` is `{captcha}` to spread into the body, or `{}` when this site does not ask for the scene.
 * When the server still answers 10026 (captcha missing: the configuration said it was not needed, or
 * changed), the captcha runs once more and the call is retried once. `needsCaptcha` tells that answer
 * apart for callers that turn failures into outcomes instead of throwing.
 */

/** What goes into the body: the tagged result under `captcha`, or nothing. */
export type CaptchaFields = { captcha: CaptchaResult } | Record<string, never>;

export async function sendWithCaptcha<T>(
  flow: CaptchaFlow,
  site: SiteId,
  options: Omit<RunCaptchaOptions, 'force'>,
  send: (fields: CaptchaFields) => Promise<T>,
  needsCaptcha: (answer: T) => boolean = () => false,
): Promise<{ value: T } | null> {
  const scene = captchaSceneFor(flow, site);
  const solve = async (force: boolean): Promise<CaptchaFields | null> => {
    try {
      const captcha = await runCaptcha(scene, { ...options, force });
      return captcha ? { captcha } : {};
    } catch (error) {
      // 'cancelled': the user closed it, stop quietly; 'unavailable': the toast was already shown.
      if (isCaptchaError(error)) return null;
      throw error;
    }
  };

  const first = await solve(false);
  if (!first) return null;
  try {
    const value = await send(first);
    if (!needsCaptcha(value)) return { value };
  } catch (error) {
    if (failureOf(error).code !== RetCode.CaptchaRequired) throw error;
  }
  // The server asked for a (new) captcha: once more, forced, then whatever the server answers.
  const second = await solve(true);
  if (!second) return null;
  return { value: await send(second) };
}

/** The name the login captcha-info call sends: the e-mail, or +calling code and number. */
export function captchaLoginName(identifier: Identifier): string {
  return 'email' in identifier ? identifier.email : `+${identifier.country_code}${identifier.mobile}`;
}
