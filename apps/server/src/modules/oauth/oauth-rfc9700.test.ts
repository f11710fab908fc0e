import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import { CODE_TTL_MS } from './oauth-authorize.service.js';
import {
  accept,
  apiGet,
  apiPost,
  authRequest,
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

/** RFC 9700 (OAuth 2.0 Security BCP) and RFC 7636 (PKCE), one test per requirement. */
let kit: Kit;
beforeEach(async () => {
  kit = await setup();
});
afterEach(async () => {
  vi.useRealTimers();
  await kit.app.close();
});

const entry = (query: Record<string, string>) =>
  kit.app.inject({ method: 'GET', url: `/oauth/authorize?${qs(query)}`, headers: { host: HOST } });

describe('exact redirect_uri matching (RFC 9700 §2.1, §4.1)', () => {
  const variants: [string, string][] = [
    ['trailing slash', `${REDIRECT}/`],
    ['upper-case host', 'https://APP.example/callback'],
    ['upper-case path', 'https://app.example/Callback'],
    ['extra query', `${REDIRECT}?x=1`],
    ['sub-domain', 'https://evil.app.example/callback'],
    ['other path under it', `${REDIRECT}/more`],
    ['http instead of https', 'http://app.example/callback'],
    ['explicit default port', 'https://app.example:443/callback'],
  ];

  it.each(variants)('%s: the entry answers an error page (400) and no Location', async (_name, uri) => {
    const { challenge } = pkce();
    const res = await entry(authRequest(kit.client.id, challenge, { redirect_uri: uri }));
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).not.toContain('evil');
  });

  it.each(variants)('%s: the API answers 42002 without a redirect target', async (_name, uri) => {
    const { challenge } = pkce();
    const request = authRequest(kit.client.id, challenge, { redirect_uri: uri });
    for (const res of [
      await apiGet(kit, '/oauth/v1/private/pre_authorize', request),
      await apiGet(kit, '/oauth/v1/private/authorize', request),
      await apiPost(kit, '/oauth/v1/private/confirm_auth', { ...request, decision: 'accept' }),
      await apiGet(kit, '/oauth/v1/public/client_info', { client_id: kit.client.id, redirect_uri: uri }),
    ]) {
      expect(res.json()).toMatchObject({
        ret_code: RetCode.OAuthRedirectUriInvalid,
        result: { redirect_to: null },
      });
    }
  });

  it('a registered URI with its own query matches exactly and keeps that query', async () => {
    const { challenge } = pkce();
    const url = await accept(
      kit,
      authRequest(kit.client.id, challenge, { redirect_uri: 'https://app.example/cb?tenant=1' }),
    );
    expect(url.searchParams.get('tenant')).toBe('1');
    expect(url.searchParams.get('code')).toBeTruthy();
  });
});

describe('an invalid client_id / redirect_uri pair never redirects', () => {
  it('unknown client: error page, no Location; API 42001 with redirect_to null', async () => {
    const { challenge } = pkce();
    const request = authRequest('no-such-client', challenge);
    const page = await entry(request);
    expect(page.statusCode).toBe(400);
    expect(page.headers.location).toBeUndefined();
    const api = await apiGet(kit, '/oauth/v1/private/pre_authorize', request);
    expect(api.json()).toMatchObject({
      ret_code: RetCode.OAuthClientInvalid,
      result: { redirect_to: null },
    });
  });

  it("another client's redirect_uri is refused", async () => {
    const { challenge } = pkce();
    const res = await entry(authRequest(kit.publicId, challenge));
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it('even with other faults on top (bad response_type), no redirect', async () => {
    const res = await entry(
      authRequest(kit.client.id, 'x', { redirect_uri: `${REDIRECT}/`, response_type: 'token' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });
});

describe('PKCE required, S256 only (RFC 7636, RFC 9700 §2.1.1)', () => {
  it('refuses a request without code_challenge (a verifier could never be bound)', async () => {
    const request = authRequest(kit.client.id, '', {
      code_challenge: undefined,
      code_challenge_method: undefined,
    });
    const res = await entry(request);
    expect(res.statusCode).toBe(303);
    const back = new URL(res.headers.location ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    const api = await apiGet(kit, '/oauth/v1/private/pre_authorize', request);
    expect(api.json()).toMatchObject({
      ret_code: RetCode.OAuthPkceRequired,
      result: { error: 'invalid_request' },
    });
  });

  it('refuses the plain method, and a challenge without a method (which means plain)', async () => {
    const { verifier } = pkce();
    for (const extra of [{ code_challenge_method: 'plain' }, { code_challenge_method: undefined }]) {
      const request = authRequest(kit.client.id, verifier, extra);
      const api = await apiPost(kit, '/oauth/v1/private/confirm_auth', { ...request, decision: 'accept' });
      expect(api.json().ret_code).toBe(RetCode.OAuthPkceRequired);
      const page = await entry(request);
      expect(new URL(page.headers.location ?? '').searchParams.get('error')).toBe('invalid_request');
    }
  });

  it('refuses a token request without code_verifier (no downgrade)', async () => {
    const { code } = await codeFor(kit);
    const res = await postForm(kit, '/oauth/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('refuses a wrong verifier, and the code is spent by the attempt', async () => {
    const { code, verifier } = await codeFor(kit);
    const wrong = await exchange(kit, code, pkce().verifier);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'invalid_grant' });
    const right = await exchange(kit, code, verifier);
    expect(right.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses the challenge itself presented as verifier (a plain downgrade)', async () => {
    const { verifier, challenge } = pkce();
    const url = await accept(kit, authRequest(kit.client.id, challenge));
    const res = await exchange(kit, url.searchParams.get('code') ?? '', challenge);
    expect(res.json()).toMatchObject({ error: 'invalid_grant' });
    expect(verifier).not.toBe(challenge);
  });

  it('applies to public clients too: they authenticate by PKCE alone', async () => {
    const { verifier, challenge } = pkce();
    const request = authRequest(kit.publicId, challenge, {
      redirect_uri: 'http://localhost:4000/cb',
      scope: 'profile',
    });
    const url = await accept(kit, request);
    const form = {
      grant_type: 'authorization_code',
      client_id: kit.publicId,
      code: url.searchParams.get('code') ?? '',
      redirect_uri: 'http://localhost:4000/cb',
    };
    const without = await postForm(kit, '/oauth/token', form, null);
    expect(without.json()).toMatchObject({ error: 'invalid_request' });
    const url2 = await accept(kit, request);
    const ok = await postForm(
      kit,
      '/oauth/token',
      { ...form, code: url2.searchParams.get('code') ?? '', code_verifier: verifier },
      null,
    );
    expect(ok.statusCode).toBe(200);
  });
});

describe('authorization codes', () => {
  it('are single use', async () => {
    const { code, verifier } = await codeFor(kit);
    expect((await exchange(kit, code, verifier)).statusCode).toBe(200);
    const again = await exchange(kit, code, verifier);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('a replayed code revokes every token issued from it (access and refresh)', async () => {
    const { code, verifier } = await codeFor(kit);
    const first = (await exchange(kit, code, verifier)).json<{
      access_token: string;
      refresh_token: string;
    }>();
    expect((await userinfo(kit, first.access_token)).statusCode).toBe(200);
    // Rotate once, so the family holds more than the first pair.
    const rotated = (
      await postForm(kit, '/oauth/token', { grant_type: 'refresh_token', refresh_token: first.refresh_token })
    ).json<{ access_token: string; refresh_token: string }>();

    expect((await exchange(kit, code, verifier)).json()).toMatchObject({ error: 'invalid_grant' });

    expect((await userinfo(kit, first.access_token)).statusCode).toBe(401);
    expect((await userinfo(kit, rotated.access_token)).statusCode).toBe(401);
    const refresh = await postForm(kit, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: rotated.refresh_token,
    });
    expect(refresh.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it(`expire after ${CODE_TTL_MS / 60_000} minutes (≤ 10), on an injected clock`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const fresh = await codeFor(kit);
    const stale = await codeFor(kit);
    vi.setSystemTime(Date.now() + CODE_TTL_MS - 1000);
    expect((await exchange(kit, fresh.code, fresh.verifier)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2000);
    const late = await exchange(kit, stale.code, stale.verifier);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error: 'invalid_grant', error_description: 'code expired' });
    expect(CODE_TTL_MS).toBeLessThanOrEqual(10 * 60_000);
  });

  it('are bound to the client, the redirect_uri and the issuer', async () => {
    const a = await codeFor(kit);
    const otherClient = await postForm(
      kit,
      '/oauth/token',
      {
        grant_type: 'authorization_code',
        client_id: kit.publicId,
        code: a.code,
        redirect_uri: REDIRECT,
        code_verifier: a.verifier,
      },
      null,
    );
    expect(otherClient.json()).toMatchObject({ error: 'invalid_grant' });
    // The other client's attempt did not burn it.
    const b = await codeFor(kit);
    expect((await exchange(kit, b.code, b.verifier, { redirect_uri: `${REDIRECT}/` })).json()).toMatchObject({
      error: 'invalid_grant',
    });
    const c = await codeFor(kit);
    const elsewhere = await postForm(
      kit,
      '/oauth/token',
      { grant_type: 'authorization_code', code: c.code, redirect_uri: REDIRECT, code_verifier: c.verifier },
      undefined,
      'eu.localhost:3000',
    );
    expect(elsewhere.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await exchange(kit, a.code, a.verifier)).statusCode).toBe(200);
  });
});

describe('refresh tokens', () => {
  it('rotate: each use answers a new one and the old one stops working', async () => {
    const { code, verifier } = await codeFor(kit);
    const first = (await exchange(kit, code, verifier)).json<{ refresh_token: string }>();
    const second = await postForm(kit, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(second.statusCode).toBe(200);
    const next = second.json<{ refresh_token: string; access_token: string }>();
    expect(next.refresh_token).toMatch(/^gth_rt_/);
    expect(next.refresh_token).not.toBe(first.refresh_token);
    expect((await userinfo(kit, next.access_token)).statusCode).toBe(200);
  });

  it('a reused refresh token revokes its whole family', async () => {
    const { code, verifier } = await codeFor(kit);
    const first = (await exchange(kit, code, verifier)).json<{
      refresh_token: string;
      access_token: string;
    }>();
    const second = (
      await postForm(kit, '/oauth/token', { grant_type: 'refresh_token', refresh_token: first.refresh_token })
    ).json<{ refresh_token: string; access_token: string }>();

    const reuse = await postForm(kit, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ error: 'invalid_grant' });

    expect((await userinfo(kit, first.access_token)).statusCode).toBe(401);
    expect((await userinfo(kit, second.access_token)).statusCode).toBe(401);
    const legit = await postForm(kit, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: second.refresh_token,
    });
    expect(legit.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('are issued only with offline_access', async () => {
    const { code, verifier } = await codeFor(kit, ['profile']);
    const body = (await exchange(kit, code, verifier)).json<Record<string, unknown>>();
    expect(body).not.toHaveProperty('refresh_token');
    expect(body.scope).toBe('profile');
  });
});

describe('authorization responses', () => {
  it('pass state back unchanged, including characters that need encoding', async () => {
    const state = 'a b/c?d=e&f=%20ü';
    const { challenge } = pkce();
    const url = await accept(kit, authRequest(kit.client.id, challenge, { state }));
    expect(url.searchParams.get('state')).toBe(state);
    const declined = await apiPost(kit, '/oauth/v1/private/confirm_auth', {
      ...authRequest(kit.client.id, challenge, { state }),
      decision: 'decline',
    });
    expect(new URL(declined.json().result.redirect_to as string).searchParams.get('state')).toBe(state);
  });

  it('carry iss (RFC 9207) on success, decline, silent authorize and error redirects', async () => {
    const { challenge } = pkce();
    const request = authRequest(kit.client.id, challenge);
    const urls = [
      (await accept(kit, request)).href,
      (await apiPost(kit, '/oauth/v1/private/confirm_auth', { ...request, decision: 'decline' })).json()
        .result.redirect_to,
      (await apiGet(kit, '/oauth/v1/private/authorize', request)).json().result.redirect_to,
      (await entry({ ...request, response_type: 'token' })).headers.location,
      (await apiGet(kit, '/oauth/v1/private/pre_authorize', { ...request, scope: 'admin' })).json().result
        .redirect_to,
    ] as string[];
    for (const href of urls) expect(new URL(href).searchParams.get('iss'), href).toBe(ISSUER);
    const metadata = await kit.app.inject({
      url: '/.well-known/oauth-authorization-server',
      headers: { host: HOST },
    });
    expect(metadata.json().issuer).toBe(ISSUER);
  });

  it('decline redirects with error=access_denied and no code', async () => {
    const { challenge } = pkce();
    const res = await apiPost(kit, '/oauth/v1/private/confirm_auth', {
      ...authRequest(kit.client.id, challenge),
      decision: 'decline',
    });
    const url = new URL(res.json().result.redirect_to as string);
    expect(`${url.origin}${url.pathname}`).toBe(REDIRECT);
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(url.searchParams.get('code')).toBeNull();
  });

  it('the server redirects with 303 (the entry, valid and invalid requests)', async () => {
    const { challenge } = pkce();
    const valid = await entry(authRequest(kit.client.id, challenge));
    expect(valid.statusCode).toBe(303);
    const refused = await entry(authRequest(kit.client.id, challenge, { response_type: 'token' }));
    expect(refused.statusCode).toBe(303);
  });
});

describe('only the authorization-code flow', () => {
  it.each(['token', 'id_token', 'code token', 'none'])(
    'response_type=%s is refused',
    async (responseType) => {
      const { challenge } = pkce();
      const request = authRequest(kit.client.id, challenge, { response_type: responseType });
      const page = await entry(request);
      const back = new URL(page.headers.location ?? '');
      expect(back.searchParams.get('error')).toBe('unsupported_response_type');
      expect(back.searchParams.get('state')).toBe('st-123');
      const api = await apiGet(kit, '/oauth/v1/private/pre_authorize', request);
      expect(api.json()).toMatchObject({
        ret_code: RetCode.OAuthResponseTypeUnsupported,
        result: { error: 'unsupported_response_type' },
      });
    },
  );

  it.each(['password', 'client_credentials', 'implicit', 'urn:ietf:params:oauth:grant-type:device_code'])(
    'grant_type=%s is refused',
    async (grant) => {
      const res = await postForm(kit, '/oauth/token', { grant_type: grant, username: 'ann', password: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'unsupported_grant_type' });
    },
  );
});
