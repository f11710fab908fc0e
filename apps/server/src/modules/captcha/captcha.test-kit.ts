import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { magpieResult, type CaptchaScene, type MagpieCaptchaResult } from '@gatehouse/contract';
import type { App } from '../../app.js';

/** Cheap challenges for tests: one PBKDF2 iteration, a handful of attempts. */
export const CHEAP_CAPTCHA_ENV = {
  CAPTCHA_ENABLED: '1',
  CAPTCHA_ALTCHA_COST: '1',
  CAPTCHA_ALTCHA_MAX_COUNTER: '20',
} as const;

/** What the browser widget does: fetch a challenge for `scene`, solve it, base64 the payload. */
export async function solveCaptcha(
  app: App,
  scene: CaptchaScene,
  host = 'localhost',
): Promise<MagpieCaptchaResult> {
  const res = await app.inject({
    method: 'GET',
    url: `/x-api/v3/public/captcha/altcha-challenge?scene=${scene}`,
    headers: { host },
  });
  const challenge = (res.json() as { result: Challenge }).result;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution');
  const token = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  return magpieResult(token, scene);
}
