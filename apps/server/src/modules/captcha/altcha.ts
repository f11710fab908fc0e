import crypto from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { CaptchaScene } from '@gatehouse/contract';
import type { AltchaConfig } from './captcha-config.js';
import { deriveSecret } from './captcha-secret.js';

/** PBKDF2 runs in WebCrypto in every browser the widget supports, and natively in Node. */
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';

export type AltchaVerdict =
  | { ok: true; challengeId: string; expiresAtMs: number }
  | { ok: false; reason: 'malformed' | 'invalid' | 'expired' | 'wrong-scene' };

export interface Altcha {
  /** A signed challenge bound to `scene` (in its signed `data`) that expires after the configured ttl. */
  issue(scene: CaptchaScene): Promise<Challenge>;
  /** Checks the widget's base64 payload for `scene`. Does not mark it used: the caller does. */
  verify(token: string, scene: CaptchaScene): Promise<AltchaVerdict>;
}

interface Payload {
  challenge: Challenge;
  solution: Solution;
}

function decode(token: string): Payload | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    if (typeof value !== 'object' || value === null) return null;
    const { challenge, solution } = value as Partial<Payload>;
    // The widget's test mode sends `{challenge: null, solution: null, test: true}`: not a solution.
    if (typeof challenge !== 'object' || challenge === null || typeof challenge.parameters !== 'object')
      return null;
    if (typeof solution !== 'object' || solution === null) return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

export function createAltcha(config: AltchaConfig, master: string, now: () => number = Date.now): Altcha {
  const hmacSignatureSecret = deriveSecret(master, 'altcha-challenge');
  const hmacKeySignatureSecret = deriveSecret(master, 'altcha-key');
  return {
    async issue(scene) {
      return createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: config.cost,
        // Deterministic mode: the server knows the answer, so verifying is one HMAC, not a derivation.
        counter: randomInt(config.maxCounter, Math.max(1, Math.floor(config.maxCounter / 2))),
        deriveKey,
        data: { scene },
        expiresAt: new Date(now() + config.ttlMs),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    },
    async verify(token, scene) {
      const payload = decode(token);
      if (!payload) return { ok: false, reason: 'malformed' };
      let result;
      try {
        result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret,
          hmacKeySignatureSecret,
        });
      } catch {
        // Odd parameters (a tampered algorithm or counter) make the library throw: still just invalid.
        return { ok: false, reason: 'invalid' };
      }
      const { parameters, signature } = payload.challenge;
      const expiresAtMs = (parameters.expiresAt ?? 0) * 1000;
      // The library compares expiry with the wall clock; ours may be injected (tests).
      if (result.expired || expiresAtMs <= now()) return { ok: false, reason: 'expired' };
      if (!result.verified || !signature) return { ok: false, reason: 'invalid' };
      // `data` is covered by the signature, so the scene cannot have been swapped.
      if (parameters.data?.scene !== scene) return { ok: false, reason: 'wrong-scene' };
      const challengeId = crypto.createHash('sha256').update(signature).digest('hex');
      return { ok: true, challengeId, expiresAtMs };
    },
  };
}
