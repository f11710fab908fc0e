import { randomInt } from 'node:crypto';
import { REFERRAL_CODE_PATTERN } from '@gatehouse/contract';

/** The letters of a referral code: no I, O, 0 or 1, which read alike on a screen or a card. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 8;

/** A fresh random code (32^8 ≈ 10^12 possibilities: guessing one is not a way to find accounts). */
export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** A typed or linked code as stored (upper-case), or null when it cannot be a referral code. */
export function normaliseReferralCode(input: string): string | null {
  const code = input.trim().toUpperCase();
  return REFERRAL_CODE_PATTERN.test(code) ? code : null;
}
