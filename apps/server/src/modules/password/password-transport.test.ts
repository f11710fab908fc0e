import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { RetCode, type Environment } from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import { MemoryKv } from '../../plugins/kv/memory-kv.js';
import { loadPasswordKeys, type PasswordKeys } from './password-keys.js';
import {
  createPasswordTransport,
  PASSWORD_MAX_AGE_MS,
  PASSWORD_MAX_FUTURE_MS,
  type PasswordTransport,
} from './password-transport.js';

/**
 * Encrypts exactly as the browser does (apps/web/src/lib/auth/encrypt-password.ts,
 * which the server may not import): RSA-OAEP-SHA256 wraps an AES-256-GCM key, the payload is
 * 0x01 | wrapped key | iv | ciphertext | tag, base64.
 */
function encryptLikeTheWeb(
  spkiBase64: string,
  password: string,
  timestamp: string,
  opts: { version?: number } = {},
) {
  const publicKey = crypto.createPublicKey({
    key: Buffer.from(spkiBase64, 'base64'),
    format: 'der',
    type: 'spki',
  });
  const aesKey = crypto.randomBytes(32);
  const wrapped = crypto.publicEncrypt(
    { key: publicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    aesKey,
  );
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', aesKey, iv);
  const sealed = Buffer.concat([
    cipher.update(password + timestamp, 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return Buffer.concat([Buffer.from([opts.version ?? 1]), wrapped, iv, sealed]).toString('base64');
}

const NOW = 1_700_000_000_000;
let keys: PasswordKeys;
let transport: PasswordTransport;

beforeAll(async () => {
  keys = await loadPasswordKeys({ configured: {}, dataDir: null });
});

function fresh(): PasswordTransport {
  transport = createPasswordTransport(keys, new MemoryKv({ now: () => NOW }));
  return transport;
}

async function expectCode(promise: Promise<unknown>, code: number) {
  const err: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).code).toBe(code);
}

function submit(t: PasswordTransport, env: Environment, password: string, timestamp = String(NOW)) {
  return {
    encrypt_password: encryptLikeTheWeb(t.publicKeySpki(env), password, timestamp),
    encrypt_timestamp: timestamp,
  };
}

describe('password transport', () => {
  it('gives each environment its own public key, as base64 SPKI', () => {
    const t = fresh();
    const prod = t.publicKeySpki('prod');
    expect(prod).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(
      crypto.createPublicKey({ key: Buffer.from(prod, 'base64'), format: 'der', type: 'spki' })
        .asymmetricKeyType,
    ).toBe('rsa');
    expect(new Set([prod, t.publicKeySpki('testnet'), t.publicKeySpki('test')]).size).toBe(3);
  });

  it('decrypts what the browser encrypted', async () => {
    const t = fresh();
    await expect(t.decryptPassword(submit(t, 'prod', 'correct horse battery'), 'prod', NOW)).resolves.toBe(
      'correct horse battery',
    );
  });

  it('carries 128 four-byte characters and keeps spaces as typed', async () => {
    const t = fresh();
    const long = '😀'.repeat(128);
    await expect(t.decryptPassword(submit(t, 'test', long), 'test', NOW)).resolves.toBe(long);
    await expect(t.decryptPassword(submit(t, 'test', '  spaced out  '), 'test', NOW)).resolves.toBe(
      '  spaced out  ',
    );
  });

  it('accepts up to 5 minutes old and 1 minute ahead, and refuses beyond as stale', async () => {
    const t = fresh();
    const at = (offset: number) => submit(t, 'prod', 'password-x', String(NOW + offset));
    await expect(t.decryptPassword(at(-PASSWORD_MAX_AGE_MS), 'prod', NOW)).resolves.toBe('password-x');
    await expect(t.decryptPassword(at(PASSWORD_MAX_FUTURE_MS), 'prod', NOW)).resolves.toBe('password-x');
    await expectCode(
      t.decryptPassword(at(-PASSWORD_MAX_AGE_MS - 1), 'prod', NOW),
      RetCode.PasswordTimestampStale,
    );
    await expectCode(
      t.decryptPassword(at(PASSWORD_MAX_FUTURE_MS + 1), 'prod', NOW),
      RetCode.PasswordTimestampStale,
    );
  });

  it('refuses the same ciphertext twice (replay)', async () => {
    const t = fresh();
    const once = submit(t, 'prod', 'password-y');
    await expect(t.decryptPassword(once, 'prod', NOW)).resolves.toBe('password-y');
    await expectCode(t.decryptPassword(once, 'prod', NOW + 1000), RetCode.PasswordTimestampStale);
  });

  it('opens without claiming, handing out the claim a caller runs itself', async () => {
    const t = fresh();
    const once = submit(t, 'prod', 'password-z');
    const { plain, claim } = t.open(once, 'prod', NOW);
    expect(plain).toBe('password-z');
    expect(claim).toMatchObject({
      op: 'add',
      value: '1',
      ttlMs: PASSWORD_MAX_AGE_MS + PASSWORD_MAX_FUTURE_MS,
    });
    expect(claim.key).toMatch(/^pwd-seen:[A-Za-z0-9_-]{43}$/);
    // Nothing was claimed yet: the first decrypt still passes, the second is the replay.
    await expect(t.decryptPassword(once, 'prod', NOW)).resolves.toBe('password-z');
    await expectCode(t.decryptPassword(once, 'prod', NOW), RetCode.PasswordTimestampStale);
  });

  it('refuses a fresh outer timestamp around an old inner one', async () => {
    const t = fresh();
    const old = String(NOW - 60 * 60_000);
    const forged = {
      encrypt_password: encryptLikeTheWeb(t.publicKeySpki('prod'), 'password-z', old),
      encrypt_timestamp: String(NOW),
    };
    await expectCode(t.decryptPassword(forged, 'prod', NOW), RetCode.PasswordDecryptFailed);
  });

  it('refuses a password encrypted for another environment', async () => {
    const t = fresh();
    await expectCode(
      t.decryptPassword(submit(t, 'testnet', 'password-w'), 'prod', NOW),
      RetCode.PasswordDecryptFailed,
    );
  });

  it('refuses tampered, truncated, malformed and unknown-version payloads', async () => {
    const t = fresh();
    const good = submit(t, 'prod', 'password-v');
    const bytes = Buffer.from(good.encrypt_password, 'base64');
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 20] = (flipped[flipped.length - 20] ?? 0) ^ 1;
    const cases = [
      flipped.toString('base64'),
      bytes.subarray(0, 200).toString('base64'),
      'not base64 at all!',
      '',
      encryptLikeTheWeb(t.publicKeySpki('prod'), 'password-v', String(NOW), { version: 2 }),
      'A'.repeat(5000),
    ];
    for (const encrypt_password of cases) {
      await expectCode(
        t.decryptPassword({ encrypt_password, encrypt_timestamp: String(NOW) }, 'prod', NOW),
        RetCode.PasswordDecryptFailed,
      );
    }
    await expectCode(
      t.decryptPassword({ ...good, encrypt_timestamp: 'yesterday' }, 'prod', NOW),
      RetCode.PasswordDecryptFailed,
    );
  });

  it('does not spend the replay slot on a payload that failed', async () => {
    const t = fresh();
    const good = submit(t, 'prod', 'password-u');
    await expectCode(t.decryptPassword(good, 'testnet', NOW), RetCode.PasswordDecryptFailed);
    await expect(t.decryptPassword(good, 'prod', NOW)).resolves.toBe('password-u');
  });
});
