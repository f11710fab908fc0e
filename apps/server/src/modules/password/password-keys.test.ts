import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPasswordKeys, parsePrivateKey, passwordKeyFile } from './password-keys.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-keys-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const spki = (key: crypto.KeyObject) =>
  crypto.createPublicKey(key).export({ type: 'spki', format: 'der' }).toString('base64');

describe('password keys', () => {
  it('generates one key per environment under DATA_DIR/keys (0600) and reuses it on the next start', async () => {
    const dir = tempDir();
    const first = await loadPasswordKeys({ configured: {}, dataDir: dir });
    for (const env of ['prod', 'testnet', 'test'] as const) {
      const file = passwordKeyFile(dir, env);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    }
    const second = await loadPasswordKeys({ configured: {}, dataDir: dir });
    expect(spki(second.prod)).toBe(spki(first.prod));
    expect(spki(second.test)).toBe(spki(first.test));
    expect(spki(first.prod)).not.toBe(spki(first.testnet));
  });

  it('uses a configured PEM, also with literal \\n, and generates only the others', async () => {
    const dir = tempDir();
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const oneLine = pem.replaceAll('\n', '\\n');
    const keys = await loadPasswordKeys({ configured: { prod: oneLine }, dataDir: dir });
    expect(spki(keys.prod)).toBe(spki(privateKey));
    expect(fs.existsSync(passwordKeyFile(dir, 'prod'))).toBe(false);
    expect(fs.existsSync(passwordKeyFile(dir, 'test'))).toBe(true);
  });

  it('refuses a broken or weak key without echoing it', () => {
    expect(() =>
      parsePrivateKey(
        '-----BEGIN PRIVATE KEY-----\nSECRETSTUFF\n-----END PRIVATE KEY-----',
        'PASSWORD_RSA_PRIVATE_KEY_PROD',
      ),
    ).toThrow(/^PASSWORD_RSA_PRIVATE_KEY_PROD: not a PEM private key$/);
    const ec = crypto
      .generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(() => parsePrivateKey(ec, 'K')).toThrow(/RSA private key of at least 2048 bits/);
    const small = crypto
      .generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(() => parsePrivateKey(small, 'K')).toThrow(/at least 2048 bits/);
  });

  it('keeps keys in memory, shared within the process, when there is no data folder', async () => {
    const a = await loadPasswordKeys({ configured: {}, dataDir: null });
    const b = await loadPasswordKeys({ configured: {}, dataDir: null });
    expect(spki(a.prod)).toBe(spki(b.prod));
  });
});
