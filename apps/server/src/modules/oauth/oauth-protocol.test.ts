import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  authRequest,
  basic,
  codeFor,
  exchange,
  HOST,
  ISSUER,
  pkce,
  postForm,
  qs,
  REDIRECT,
  setup,
  userinfo,
  type Kit,
} from './oauth.test-kit.js';

/** The endpoints clients call: metadata, token (client authentication), userinfo, revocation, the entry. */
let kit: Kit;
beforeEach(async () => {
  kit = await setup();
});
afterEach(async () => {
  vi.useRealTimers();
  await kit.app.close();
});

describe('GET /.well-known/oauth-authorization-server (RFC 8414)', () => {
  it('describes this site as the issuer', async () => {
    const res = await kit.app.inject({
      url: '/.well-known/oauth-authorization-server',
      headers: { host: 'eu.localhost:3000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      issuer: 'http://eu.localhost:3000',
      authorization_endpoint: 'http://eu.localhost:3000/oauth/authorize',
      token_endpoint: 'http://eu.localhost:3000/oauth/token',
      revocation_endpoint: 'http://eu.localhost:3000/oauth/revoke',
      userinfo_endpoint: 'http://eu.localhost:3000/oauth/userinfo',
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
    });
  });

  it('refuses a host that is not one of our sites', async () => {
    const res = await kit.app.inject({
      url: '/.well-known/oauth-authorization-server',
      headers: { host: 'evil.example' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('POST /oauth/token', () => {
  it('answers Bearer tokens, no-store, for client_secret_basic', async () => {
    const { code, verifier } = await codeFor(kit);
    const res = await exchange(kit, code, verifier);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.pragma).toBe('no-cache');
    const body = res.json();
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'profile email offline_access',
    });
    expect(body.access_token).toMatch(/^gth_at_[A-Za-z0-9_-]{43}$/);
    expect(body.refresh_token).toMatch(/^gth_rt_[A-Za-z0-9_-]{43}$/);
  });

  it('accepts client_secret_post', async () => {
    const { code, verifier } = await codeFor(kit);
    const res = await postForm(
      kit,
      '/oauth/token',
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
        client_id: kit.client.id,
        client_secret: kit.client.secret,
      },
      null,
    );
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong secret, a missing secret and an unknown client with 401 invalid_client', async () => {
    const { code, verifier } = await codeFor(kit);
    const form = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier };
    const wrong = await postForm(kit, '/oauth/token', form, basic(kit.client.id, 'gth_cs_wrong'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toMatch(/^Basic/);
    expect(wrong.json()).toMatchObject({ error: 'invalid_client' });
    const missing = await postForm(kit, '/oauth/token', { ...form, client_id: kit.client.id }, null);
    expect(missing.statusCode).toBe(401);
    const unknown = await postForm(kit, '/oauth/token', form, basic('nobody', 'x'));
    expect(unknown.statusCode).toBe(401);
    // None of these spent the code.
    expect((await exchange(kit, code, verifier)).statusCode).toBe(200);
  });

  it('refuses two authentication methods at once, and a public client that sends a secret', async () => {
    const both = await postForm(kit, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: 'x',
      client_secret: 'y',
    });
    expect(both.json()).toMatchObject({ error: 'invalid_request' });
    const pub = await postForm(
      kit,
      '/oauth/token',
      { grant_type: 'refresh_token', refresh_token: 'x' },
      basic(kit.publicId, 'z'),
    );
    expect(pub.statusCode).toBe(401);
  });

  it('takes forms only, with each parameter once', async () => {
    const json = await kit.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'authorization_code' },
      headers: { host: HOST, authorization: basic(kit.client.id, kit.client.secret) },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ error: 'invalid_request' });
    const twice = await kit.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: 'grant_type=refresh_token&refresh_token=a&refresh_token=b',
      headers: {
        host: HOST,
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(kit.client.id, kit.client.secret),
      },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('is exempt from the API CSRF guard (clients are servers, not our pages)', async () => {
    const { code, verifier } = await codeFor(kit);
    // No platform header, no cookie.
    expect((await exchange(kit, code, verifier)).statusCode).toBe(200);
  });

  it('lets a refresh narrow the scope but not widen it', async () => {
    const { code, verifier } = await codeFor(kit, ['profile', 'offline_access']);
    const first = (await exchange(kit, code, verifier)).json<{ refresh_token: string }>();
    const wider = await postForm(kit, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      scope: 'email',
    });
    expect(wider.json()).toMatchObject({ error: 'invalid_scope' });
    // The refused attempt did not spend the token.
    const narrow = await postForm(kit, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      scope: 'profile',
    });
    expect(narrow.json()).toMatchObject({ scope: 'profile' });
  });
});

describe('GET /oauth/userinfo', () => {
  it('answers sub and the scoped claims', async () => {
    const full = await codeFor(kit);
    const fullTokens = (await exchange(kit, full.code, full.verifier)).json<{ access_token: string }>();
    expect((await userinfo(kit, fullTokens.access_token)).json()).toEqual({
      sub: kit.user.id,
      scope: 'profile email offline_access',
      vague_email: 'ann***@example.com',
      vague_mobile: null,
      email: 'ann.lee@example.com',
      email_verified: true,
    });
    const small = await codeFor(kit, ['profile']);
    const smallTokens = (await exchange(kit, small.code, small.verifier)).json<{ access_token: string }>();
    const claims = (await userinfo(kit, smallTokens.access_token)).json();
    expect(claims).toMatchObject({ sub: kit.user.id, vague_email: 'ann***@example.com' });
    expect(claims).not.toHaveProperty('email');
  });

  it('refuses a missing or unknown token with 401 and a Bearer challenge; a refresh token is not an access token', async () => {
    const none = await kit.app.inject({ url: '/oauth/userinfo', headers: { host: HOST } });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    const bad = await userinfo(kit, 'gth_at_nope');
    expect(bad.statusCode).toBe(401);
    expect(bad.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    const { code, verifier } = await codeFor(kit);
    const tokens = (await exchange(kit, code, verifier)).json<{ refresh_token: string }>();
    expect((await userinfo(kit, tokens.refresh_token)).statusCode).toBe(401);
  });

  it('stops answering once the access token has expired (1 h)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const { code, verifier } = await codeFor(kit);
    const tokens = (await exchange(kit, code, verifier)).json<{ access_token: string }>();
    vi.setSystemTime(Date.now() + 3600_000 - 1000);
    expect((await userinfo(kit, tokens.access_token)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2000);
    expect((await userinfo(kit, tokens.access_token)).statusCode).toBe(401);
  });
});

describe('POST /oauth/revoke (RFC 7009)', () => {
  it('revokes an access token; a refresh token takes its family; unknown tokens still answer 200', async () => {
    const { code, verifier } = await codeFor(kit);
    const tokens = (await exchange(kit, code, verifier)).json<{
      access_token: string;
      refresh_token: string;
    }>();
    const unknown = await postForm(kit, '/oauth/revoke', { token: 'whatever' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe('');

    const second = await codeFor(kit);
    const other = (await exchange(kit, second.code, second.verifier)).json<{
      access_token: string;
      refresh_token: string;
    }>();

    expect(
      (await postForm(kit, '/oauth/revoke', { token: tokens.access_token, token_type_hint: 'access_token' }))
        .statusCode,
    ).toBe(200);
    expect((await userinfo(kit, tokens.access_token)).statusCode).toBe(401);

    expect((await postForm(kit, '/oauth/revoke', { token: other.refresh_token })).statusCode).toBe(200);
    expect((await userinfo(kit, other.access_token)).statusCode).toBe(401);
    const refresh = await postForm(kit, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: other.refresh_token,
    });
    expect(refresh.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it("cannot revoke another client's token, and needs client authentication", async () => {
    const { code, verifier } = await codeFor(kit);
    const tokens = (await exchange(kit, code, verifier)).json<{ access_token: string }>();
    const foreign = await postForm(
      kit,
      '/oauth/revoke',
      { token: tokens.access_token, client_id: kit.publicId },
      null,
    );
    expect(foreign.statusCode).toBe(200);
    expect((await userinfo(kit, tokens.access_token)).statusCode).toBe(200);
    const anonymous = await postForm(kit, '/oauth/revoke', { token: tokens.access_token }, null);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /oauth/authorize (the entry a client links to)', () => {
  it('sends a valid request to the web page /{lang}/oauth with the same query (303)', async () => {
    const query = qs(authRequest(kit.client.id, pkce().challenge));
    const res = await kit.app.inject({ url: `/oauth/authorize?${query}`, headers: { host: HOST } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/en/oauth?${query}`);
  });

  it("picks the site's language: Accept-Language, else the site default", async () => {
    const query = qs(authRequest(kit.client.id, pkce().challenge));
    const tr = await kit.app.inject({
      url: `/oauth/authorize?${query}`,
      headers: { host: 'tr.localhost:3000' },
    });
    expect(tr.headers.location).toMatch(/^\/tr-TUR\/oauth\?/);
    const de = await kit.app.inject({
      url: `/oauth/authorize?${query}`,
      headers: { host: 'eu.localhost:3000', 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(de.headers.location).toMatch(/^\/de-\w+\/oauth\?/);
  });

  it('answers the error page for a repeated parameter or an unknown host', async () => {
    const query = qs(authRequest(kit.client.id, pkce().challenge));
    const twice = await kit.app.inject({
      url: `/oauth/authorize?${query}&client_id=x`,
      headers: { host: HOST },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.headers.location).toBeUndefined();
    const host = await kit.app.inject({
      url: `/oauth/authorize?${query}`,
      headers: { host: 'evil.example' },
    });
    expect(host.statusCode).toBe(400);
  });
});

it('the issuer in responses is the origin of the site asked', () => {
  expect(ISSUER).toBe(`http://${HOST}`);
});
