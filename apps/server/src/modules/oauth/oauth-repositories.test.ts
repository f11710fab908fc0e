import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, type Db } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { freshPgSchema, TEST_PG_URL } from '../../test-support/postgres.js';
import { ClientInputError, createOAuthClientsRepository } from './oauth-clients.repository.js';
import { createOAuthCodesRepository } from './oauth-codes.repository.js';
import { createOAuthConsentsRepository } from './oauth-consents.repository.js';
import { DEMO_CLIENT_ID, seedOAuthDemoClient } from '../../dev/oauth-demo/oauth-demo-seed.js';
import { hashSecret, pkceMatches, secretMatches } from './oauth-secrets.js';
import { createOAuthTokensRepository } from './oauth-tokens.repository.js';
import { redirectUriProblem, withParams } from './oauth-uris.js';

/** The repositories on both stores: SQLite always, PostgreSQL when reachable (as dialect.test.ts). */
const pg = await freshPgSchema();
const dialects: [string, () => Db][] = [['sqlite', () => connectDb({ kind: 'sqlite', file: ':memory:' })]];
if ('schema' in pg)
  dialects.push([
    'postgres',
    () => connectDb({ kind: 'postgres', url: TEST_PG_URL }, { pgSchema: pg.schema }),
  ]);
afterAll(async () => {
  if ('drop' in pg) await pg.drop();
});

describe.each(dialects)('OAuth repositories on %s', (_name, open) => {
  let db: Db;
  beforeAll(async () => {
    db = open();
    await migrateToLatest(db);
  });
  afterAll(() => db.destroy());

  it('stores only the hash of a confidential secret, and none for a public client', async () => {
    const clients = createOAuthClientsRepository(db);
    const { client, secret } = await clients.add(
      { name: 'Acme', redirectUris: ['https://a.example/cb'], isPublic: false },
      1000,
    );
    expect(secret).toMatch(/^gth_cs_[A-Za-z0-9_-]{43}$/);
    expect(client.secretHash).toBe(hashSecret(secret ?? ''));
    expect(secretMatches(secret ?? '', client.secretHash ?? '')).toBe(true);
    expect(client.scopes).toEqual(['profile', 'email', 'offline_access']);
    const pub = await clients.add(
      { name: 'P', redirectUris: ['http://localhost:9/cb'], isPublic: true },
      1000,
    );
    expect(pub.secret).toBeNull();
    expect((await clients.find(pub.client.clientId))?.isPublic).toBe(true);

    const rotated = await clients.rotateSecret(client.clientId);
    const found = await clients.find(client.clientId);
    expect(secretMatches(secret ?? '', found?.secretHash ?? '')).toBe(false);
    expect(secretMatches(rotated ?? '', found?.secretHash ?? '')).toBe(true);
    expect(await clients.rotateSecret(pub.client.clientId)).toBeNull();
  });

  it('refuses bad registrations', async () => {
    const clients = createOAuthClientsRepository(db);
    const base = { name: 'X', isPublic: true };
    for (const redirectUris of [
      [],
      ['http://app.example/cb'],
      ['https://app.example/cb#x'],
      ['/relative'],
      ['https://u:p@app.example/'],
    ]) {
      await expect(clients.add({ ...base, redirectUris }, 1)).rejects.toBeInstanceOf(ClientInputError);
    }
    await expect(
      clients.add({ ...base, clientId: 'a b', redirectUris: ['https://a.example/'] }, 1),
    ).rejects.toThrow(/client id/);
    await clients.add({ ...base, clientId: 'taken', redirectUris: ['https://a.example/'] }, 1);
    await expect(
      clients.add({ ...base, clientId: 'taken', redirectUris: ['https://a.example/'] }, 1),
    ).rejects.toThrow(/taken/);
  });

  it('remembers consents as the union of accepted scope sets, and forgets them', async () => {
    const consents = createOAuthConsentsRepository(db);
    await consents.grant('u1', 'c1', ['profile'], 10);
    await consents.grant('u1', 'c1', ['email', 'profile'], 20);
    expect(await consents.find('u1', 'c1')).toEqual({
      clientId: 'c1',
      scopes: ['email', 'profile'],
      grantedAt: 10,
      updatedAt: 20,
    });
    expect(await consents.listForUser('u1')).toHaveLength(1);
    expect(await consents.remove('u1', 'c1')).toBe(true);
    expect(await consents.remove('u1', 'c1')).toBe(false);
  });

  it('lets exactly one caller claim a code or a refresh token', async () => {
    const codes = createOAuthCodesRepository(db);
    await codes.insert('the-code', {
      family_id: 'f1',
      client_id: 'c1',
      user_id: 'u1',
      redirect_uri: 'https://a.example/cb',
      scopes: '["profile"]',
      code_challenge: 'x'.repeat(43),
      issuer: 'http://localhost:3000',
      created_at: 1,
      expires_at: 2,
    });
    const claims = await Promise.all([
      codes.claim('the-code', 5),
      codes.claim('the-code', 5),
      codes.claim('the-code', 5),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect((await codes.find('the-code'))?.usedAt).toBe(5);

    const tokens = createOAuthTokensRepository(db);
    const row = {
      family_id: 'f1',
      client_id: 'c1',
      user_id: 'u1',
      scopes: '[]',
      created_at: 1,
      expires_at: 99,
    };
    await tokens.insert('rt', { ...row, kind: 'refresh' });
    await tokens.insert('at', { ...row, kind: 'access' });
    const rotations = await Promise.all([tokens.claimRefresh('rt', 3), tokens.claimRefresh('rt', 3)]);
    expect(rotations.filter(Boolean)).toHaveLength(1);
    expect(await tokens.claimRefresh('at', 3)).toBe(false);
    expect(await tokens.revokeFamily('f1', 4)).toBe(2);
    expect((await tokens.find('at'))?.revokedAt).toBe(4);
    expect(await tokens.purge(100)).toBe(2);
  });

  it('seeds the demo client outside production only, and adds the URIs of a new port', async () => {
    const clients = createOAuthClientsRepository(db);
    expect(await seedOAuthDemoClient(db, { nodeEnv: 'production', port: 3000 }, 1)).toBe(false);
    expect(await clients.find(DEMO_CLIENT_ID)).toBeUndefined();
    expect(await seedOAuthDemoClient(db, { nodeEnv: 'development', port: 3000 }, 1)).toBe(true);
    const demo = await clients.find(DEMO_CLIENT_ID);
    expect(demo?.isPublic).toBe(true);
    expect(demo?.redirectUris).toContain('http://localhost:3000/dev/oauth-demo/callback');
    expect(demo?.redirectUris).toContain('http://eu.localhost:3000/dev/oauth-demo/callback');
    expect(demo?.postLogoutRedirectUris).toContain('http://localhost:3000/dev/oauth-demo');
    expect(await seedOAuthDemoClient(db, { nodeEnv: 'development', port: 4123 }, 2)).toBe(false);
    const moved = await clients.find(DEMO_CLIENT_ID);
    expect(moved?.redirectUris).toContain('http://localhost:3000/dev/oauth-demo/callback');
    expect(moved?.redirectUris).toContain('http://tr.localhost:4123/dev/oauth-demo/callback');
  });
});

describe('URI rules and helpers', () => {
  it('allow https, and http on loopback only', () => {
    expect(redirectUriProblem('https://app.example/cb?x=1')).toBeNull();
    expect(redirectUriProblem('http://localhost:3000/cb')).toBeNull();
    expect(redirectUriProblem('http://eu.localhost:3000/cb')).toBeNull();
    expect(redirectUriProblem('http://127.0.0.1/cb')).toBeNull();
    expect(redirectUriProblem('http://[::1]:8080/cb')).toBeNull();
    expect(redirectUriProblem('http://localhost.evil.example/cb')).not.toBeNull();
    expect(redirectUriProblem('javascript:alert(1)')).not.toBeNull();
  });

  it('append parameters without touching the registered URI', () => {
    expect(withParams('https://a.example/cb', { code: 'c', state: undefined })).toBe(
      'https://a.example/cb?code=c',
    );
    expect(withParams('https://a.example/cb?t=1', { code: 'c d' })).toBe('https://a.example/cb?t=1&code=c+d');
    expect(withParams('https://A.example/Cb', {})).toBe('https://A.example/Cb');
  });

  it('checks PKCE S256 as RFC 7636 appendix B does', () => {
    expect(
      pkceMatches(
        'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
        'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      ),
    ).toBe(true);
    expect(
      pkceMatches(
        'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXx',
        'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      ),
    ).toBe(false);
  });
});
