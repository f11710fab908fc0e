// @vitest-environment node
// Node 20 has Web Crypto (globalThis.crypto.subtle); jsdom's window does not.
import { beforeAll, describe, expect, it } from 'vitest';
import { encryptPassword, PASSWORD_ENVELOPE_VERSION } from './encrypt-password';

const subtle = globalThis.crypto.subtle;
let keys: CryptoKeyPair;
let spki: string;

beforeAll(async () => {
  keys = await subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  spki = Buffer.from(await subtle.exportKey('spki', keys.publicKey)).toString('base64');
});

/** What the server does, written again with Web Crypto so this test stays inside the web project. */
async function decrypt(encryptPassword: string): Promise<string> {
  const payload = Buffer.from(encryptPassword, 'base64');
  expect(payload[0]).toBe(PASSWORD_ENVELOPE_VERSION);
  const wrapped = payload.subarray(1, 257);
  const iv = payload.subarray(257, 269);
  const sealed = payload.subarray(269);
  const raw = await subtle.decrypt({ name: 'RSA-OAEP' }, keys.privateKey, wrapped);
  const aes = await subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
  return new TextDecoder().decode(await subtle.decrypt({ name: 'AES-GCM', iv }, aes, sealed));
}

describe('encryptPassword', () => {
  it('seals password + timestamp so the private key recovers both', async () => {
    const now = 1_700_000_000_123;
    const out = await encryptPassword('correct horse battery', spki, now);
    expect(out.encrypt_timestamp).toBe('1700000000123');
    expect(out.encrypt_password).toMatch(/^[A-Za-z0-9+/]+=*$/);
    await expect(decrypt(out.encrypt_password)).resolves.toBe('correct horse battery1700000000123');
  });

  it('carries long non-ASCII passwords (128 emoji, 512 bytes)', async () => {
    const password = '😀'.repeat(128);
    const out = await encryptPassword(password, spki, 1_700_000_000_000);
    await expect(decrypt(out.encrypt_password)).resolves.toBe(`${password}1700000000000`);
    // The longest allowed password still fits encryptedPasswordSchema (contract api/auth-common: at most 2048).
    expect(out.encrypt_password.length).toBeLessThanOrEqual(2048);
  });

  it('never produces the same ciphertext twice', async () => {
    const a = await encryptPassword('same password', spki, 1_700_000_000_000);
    const b = await encryptPassword('same password', spki, 1_700_000_000_000);
    expect(a.encrypt_password).not.toBe(b.encrypt_password);
  });

  it('uses the current time by default', async () => {
    const before = Date.now();
    const out = await encryptPassword('password123', spki);
    expect(Number(out.encrypt_timestamp)).toBeGreaterThanOrEqual(before);
    expect(out.encrypt_timestamp).toMatch(/^\d{13}$/);
  });

  it('rejects a key that is not an SPKI RSA key', async () => {
    await expect(encryptPassword('password123', 'bm90IGEga2V5')).rejects.toThrow();
  });
});
