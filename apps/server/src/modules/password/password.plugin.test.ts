import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOTSTRAP_ELEMENT_ID, type PageBootstrap } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';

let app: App;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

function bootstrapOf(html: string): PageBootstrap {
  const match = new RegExp(
    `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}"[^>]*>([^<]*)</script>`,
  ).exec(html);
  expect(match, 'bootstrap element').not.toBeNull();
  return JSON.parse(match?.[1] ?? '{}') as PageBootstrap;
}

describe('passwords in the app', () => {
  it('puts the environment public key into every page bootstrap', async () => {
    const res = await app.inject({ url: '/en/login', headers: { host: 'localhost' } });
    const boot = bootstrapOf(res.body);
    expect(boot.passwordKey).toBe(app.passwords.transport.publicKeySpki(boot.env));
  });

  it('decrypts a browser-style submission and checks the policy', async () => {
    const spki = app.passwords.transport.publicKeySpki('prod');
    const key = crypto.createPublicKey({ key: Buffer.from(spki, 'base64'), format: 'der', type: 'spki' });
    const aes = crypto.randomBytes(32);
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', aes, iv);
    const ts = String(Date.now());
    const sealed = Buffer.concat([
      cipher.update(`a quiet lighthouse${ts}`),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    const wrapped = crypto.publicEncrypt(
      { key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      aes,
    );
    const encrypt_password = Buffer.concat([Buffer.from([1]), wrapped, iv, sealed]).toString('base64');
    const plain = await app.passwords.transport.decryptPassword(
      { encrypt_password, encrypt_timestamp: ts },
      'prod',
    );
    expect(plain).toBe('a quiet lighthouse');
    await expect(app.passwords.check(plain)).resolves.toEqual({ ok: true });
    const hash = await app.passwords.hasher.hash(plain);
    await expect(app.passwords.hasher.verify(hash, plain)).resolves.toBe(true);
  });
});
