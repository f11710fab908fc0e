import crypto, { type KeyObject } from 'node:crypto';
import { RetCode, type Environment } from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import type { PasswordKeys } from './password-keys.js';

/**
 * Server side of the password transport (DESIGN "What real means here"): the browser encrypts
 * password + timestamp (apps/web/src/lib/auth/encrypt-password.ts; keep in step):
 *   base64( 0x01 | RSA-OAEP-SHA256(aesKey) | iv (12) | AES-256-GCM(utf8(password + timestamp)) + tag (16) )
 * Here it is decrypted, the timestamp inside must equal `encrypt_timestamp`, be fresh, and the
 * ciphertext must not have been seen before.
 */

export interface EncryptedPasswordInput {
  encrypt_password: string;
  encrypt_timestamp: string;
}

/** A submission older than this is stale (the page sat open, or it is being replayed later). */
export const PASSWORD_MAX_AGE_MS = 5 * 60_000;
/** Clocks differ; a timestamp further ahead than this is refused as well. */
export const PASSWORD_MAX_FUTURE_MS = 60_000;

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Refuse before any crypto: 128 characters of 4 bytes plus a 4096-bit wrapped key fit well below. */
const MAX_PAYLOAD_BYTES = 2048;

/** What the replay check needs from the short-lived store: `app.kv` fits (plugins/kv). */
export interface ReplayStore {
  /** True when the key was absent and is now stored for `ttlMs`; false when it was already there. */
  add(key: string, value: string, ttlMs: number): Promise<boolean>;
}

/**
 * The kv `add` that records a ciphertext as used: it answers true the first time only. Whoever runs
 * it must refuse the password when it answers false (PASSWORD_TIMESTAMP_STALE, a replay).
 */
export interface ReplayClaim {
  op: 'add';
  key: string;
  value: string;
  ttlMs: number;
}

/** A replay: the ciphertext was seen before (the claim answered false). */
export const replayed = () => new ApiError(RetCode.PasswordTimestampStale);

export interface PasswordTransport {
  /** The environment's public key as base64 DER (SPKI), for the page bootstrap (`passwordKey`). */
  publicKeySpki(env: Environment): string;
  /**
   * The plain password, or an ApiError: PASSWORD_TIMESTAMP_STALE (timestamp outside the window,
   * or this ciphertext was already used: a replay), PASSWORD_DECRYPT_FAILED (not ours, tampered,
   * or the timestamps disagree).
   */
  decryptPassword(input: EncryptedPasswordInput, env: Environment, now?: number): Promise<string>;
  /**
   * decryptPassword without running the replay check: the plain password and the claim that
   * records the ciphertext, for a caller that sends it with its own first store call (the login's
   * address gate: ADR 0021) and refuses with `replayed()` when it answers false.
   */
  open(input: EncryptedPasswordInput, env: Environment, now?: number): { plain: string; claim: ReplayClaim };
}

const decryptFailed = () => new ApiError(RetCode.PasswordDecryptFailed);

function openEnvelope(payload: Buffer, key: KeyObject): Buffer {
  const wrappedBytes = (key.asymmetricKeyDetails?.modulusLength ?? 0) / 8;
  if (payload[0] !== VERSION || payload.length < 1 + wrappedBytes + IV_BYTES + TAG_BYTES)
    throw decryptFailed();
  const wrapped = payload.subarray(1, 1 + wrappedBytes);
  const iv = payload.subarray(1 + wrappedBytes, 1 + wrappedBytes + IV_BYTES);
  const sealed = payload.subarray(1 + wrappedBytes + IV_BYTES, payload.length - TAG_BYTES);
  const tag = payload.subarray(payload.length - TAG_BYTES);
  try {
    const aesKey = crypto.privateDecrypt(
      { key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      wrapped,
    );
    if (aesKey.length !== 32) throw decryptFailed();
    const decipher = crypto.createDecipheriv('aes-256-gcm', aesKey, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]);
  } catch {
    // One answer for every failure: which step failed would help an attacker probe the key.
    throw decryptFailed();
  }
}

export function createPasswordTransport(keys: PasswordKeys, replay: ReplayStore): PasswordTransport {
  const spki = new Map<Environment, string>();
  const utf8 = new TextDecoder('utf-8', { fatal: true });

  const open: PasswordTransport['open'] = (input, env, now = Date.now()) => {
    const { encrypt_password: encrypted, encrypt_timestamp: timestamp } = input;
    if (!/^\d{13}$/.test(timestamp)) throw decryptFailed();
    // The outer timestamp is checked first to spare the RSA work; the inner one must match it below.
    const age = now - Number(timestamp);
    if (age > PASSWORD_MAX_AGE_MS || age < -PASSWORD_MAX_FUTURE_MS)
      throw new ApiError(RetCode.PasswordTimestampStale);

    if (encrypted.length > (MAX_PAYLOAD_BYTES * 4) / 3 + 4 || !/^[A-Za-z0-9+/]+={0,2}$/.test(encrypted)) {
      throw decryptFailed();
    }
    const payload = Buffer.from(encrypted, 'base64');
    const plain = openEnvelope(payload, keys[env]);

    let text: string;
    try {
      text = utf8.decode(plain);
    } catch {
      throw decryptFailed();
    }
    // The timestamp travels inside the ciphertext, so it cannot be moved to a fresher one.
    if (!text.endsWith(timestamp)) throw decryptFailed();

    // Remember the ciphertext until it is stale anyway; a second use within that time is a replay.
    const digest = crypto.createHash('sha256').update(payload).digest('base64url');
    const claim: ReplayClaim = {
      op: 'add',
      key: `pwd-seen:${digest}`,
      value: '1',
      ttlMs: PASSWORD_MAX_AGE_MS + PASSWORD_MAX_FUTURE_MS,
    };

    return { plain: text.slice(0, text.length - timestamp.length), claim };
  };

  return {
    publicKeySpki(env) {
      let value = spki.get(env);
      if (value === undefined) {
        value = crypto.createPublicKey(keys[env]).export({ type: 'spki', format: 'der' }).toString('base64');
        spki.set(env, value);
      }
      return value;
    },

    async decryptPassword(input, env, now = Date.now()) {
      const { plain, claim } = open(input, env, now);
      if (!(await replay.add(claim.key, claim.value, claim.ttlMs))) throw replayed();
      return plain;
    },
    open,
  };
}
