import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
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
  REDIRECT,
  setup,
  userinfo,
  type Kit,
} from './oauth.test-kit.js';

/** The web's OAuth calls (spec §7) under the API base, in the envelope. */
let kit: Kit;
beforeEach(async () => {
  kit = await setup();
});
afterEach(() => kit.app.close());

describe('GET /oauth/v1/public/client_info', () => {
  it('answers name, logo and the requested scopes with their text keys, without a session', async () => {
    const res = await apiGet(
      kit,
      '/oauth/v1/public/client_info',
      { client_id: kit.client.id, redirect_uri: REDIRECT, scope: 'profile email' },
      null,
    );
    expect(res.json()).toEqual({
      ret_code: 0,
      ret_msg: 'OK',
      result: {
        client_id: kit.client.id,
        name: 'Acme Portfolio',
        logo_url: 'https://app.example/logo.png',
        scopes: [
          { name: 'profile', text_key: 'oauth.scope.profile' },
          { name: 'email', text_key: 'oauth.scope.email' },
        ],
      },
    });
  });

  it('lists every allowed scope when none is asked, and refuses a scope the client may not have', async () => {
    const all = await apiGet(kit, '/oauth/v1/public/client_info', {
      client_id: kit.publicId,
      redirect_uri: 'http://localhost:4000/cb',
    });
    expect(all.json().result.scopes.map((s: { name: string }) => s.name)).toEqual([
      'profile',
      'offline_access',
    ]);
    const bad = await apiGet(kit, '/oauth/v1/public/client_info', {
      client_id: kit.publicId,
      redirect_uri: 'http://localhost:4000/cb',
      scope: 'email',
    });
    expect(bad.json()).toMatchObject({
      ret_code: RetCode.OAuthScopeInvalid,
      result: { redirect_to: null },
    });
  });
});

describe('GET /oauth/v1/private/pre_authorize', () => {
  it('needs a session (10006)', async () => {
    const res = await apiGet(
      kit,
      '/oauth/v1/private/pre_authorize',
      authRequest(kit.client.id, pkce().challenge),
      null,
    );
    expect(res.json().ret_code).toBe(RetCode.SessionExpired);
  });

  it('answers 0 with the client, scopes and the masked account; consent_required until accepted', async () => {
    const request = authRequest(kit.client.id, pkce().challenge);
    const res = await apiGet(kit, '/oauth/v1/private/pre_authorize', request);
    expect(res.json()).toMatchObject({
      ret_code: 0,
      result: {
        consent_required: true,
        client: { client_id: kit.client.id, name: 'Acme Portfolio' },
        scopes: [{ name: 'profile' }, { name: 'email' }, { name: 'offline_access' }],
        account: { id: Number(kit.user.id), vague_email: 'ann***@example.com', vague_mobile: null },
      },
    });
    await accept(kit, request);
    const again = await apiGet(kit, '/oauth/v1/private/pre_authorize', { ...request, scope: 'profile' });
    expect(again.json().result.consent_required).toBe(false);
  });

  it('an unknown scope goes back to the client as invalid_scope', async () => {
    const res = await apiGet(
      kit,
      '/oauth/v1/private/pre_authorize',
      authRequest(kit.client.id, pkce().challenge, { scope: 'profile admin' }),
    );
    const body = res.json();
    expect(body.ret_code).toBe(RetCode.OAuthScopeInvalid);
    expect(new URL(body.result.redirect_to as string).searchParams.get('error')).toBe('invalid_scope');
  });

  it('defaults to the profile scope when none is named', async () => {
    const res = await apiGet(
      kit,
      '/oauth/v1/private/pre_authorize',
      authRequest(kit.client.id, pkce().challenge, { scope: undefined }),
    );
    expect(res.json().result.scopes).toEqual([{ name: 'profile', text_key: 'oauth.scope.profile' }]);
  });
});

describe('POST /oauth/v1/private/confirm_auth and GET /oauth/v1/private/authorize', () => {
  it('accept answers the redirect with code, state and iss; the code works at the token endpoint', async () => {
    const { verifier, challenge } = pkce();
    const url = await accept(kit, authRequest(kit.client.id, challenge));
    expect(`${url.origin}${url.pathname}`).toBe(REDIRECT);
    expect(url.searchParams.get('state')).toBe('st-123');
    expect(url.searchParams.get('iss')).toBe(ISSUER);
    const res = await exchange(kit, url.searchParams.get('code') ?? '', verifier);
    expect(res.statusCode).toBe(200);
  });

  it('authorize asks for consent first, then issues codes silently for covered scopes only', async () => {
    const request = authRequest(kit.client.id, pkce().challenge, { scope: 'profile' });
    expect((await apiGet(kit, '/oauth/v1/private/authorize', request)).json().result).toEqual({
      consent_required: true,
      redirect_to: null,
    });
    await accept(kit, request);
    const silent = (await apiGet(kit, '/oauth/v1/private/authorize', request)).json().result;
    expect(silent.consent_required).toBe(false);
    expect(new URL(silent.redirect_to as string).searchParams.get('code')).toBeTruthy();
    // A wider scope set needs consent again.
    const wider = await apiGet(kit, '/oauth/v1/private/authorize', { ...request, scope: 'profile email' });
    expect(wider.json().result.consent_required).toBe(true);
  });

  it('decline is not remembered: the app may ask again', async () => {
    const request = authRequest(kit.client.id, pkce().challenge);
    await apiPost(kit, '/oauth/v1/private/confirm_auth', { ...request, decision: 'decline' });
    expect(
      (await apiGet(kit, '/oauth/v1/private/pre_authorize', request)).json().result.consent_required,
    ).toBe(true);
  });

  it('confirm_auth needs the platform header (CSRF guard) and a session', async () => {
    const request = { ...authRequest(kit.client.id, pkce().challenge), decision: 'accept' };
    const noHeader = await kit.app.inject({
      method: 'POST',
      url: '/x-api/oauth/v1/private/confirm_auth',
      payload: request,
      headers: { host: HOST },
      cookies: { gh_session: kit.cookie },
    });
    expect(noHeader.statusCode).toBe(403);
    expect((await apiPost(kit, '/oauth/v1/private/confirm_auth', request, null)).json().ret_code).toBe(
      RetCode.SessionExpired,
    );
  });
});

describe('authorized apps', () => {
  it('lists consents with scopes and granted_at; revoke forgets consent and ends every token', async () => {
    const { code, verifier } = await codeFor(kit);
    const tokens = (await exchange(kit, code, verifier)).json<{
      access_token: string;
      refresh_token: string;
    }>();
    const pending = await codeFor(kit);

    const list = (await apiGet(kit, '/oauth/v1/private/authorized-apps', {})).json();
    expect(list.result.apps).toHaveLength(1);
    expect(list.result.apps[0]).toMatchObject({
      client_id: kit.client.id,
      name: 'Acme Portfolio',
      scopes: [{ name: 'email' }, { name: 'offline_access' }, { name: 'profile' }],
    });
    expect(typeof list.result.apps[0].granted_at).toBe('number');

    const revoked = await apiPost(kit, '/oauth/v1/private/revoke-app', { client_id: kit.client.id });
    expect(revoked.json()).toMatchObject({ ret_code: 0, result: { revoked: true } });
    expect((await apiGet(kit, '/oauth/v1/private/authorized-apps', {})).json().result.apps).toEqual([]);
    expect((await userinfo(kit, tokens.access_token)).statusCode).toBe(401);
    // A code issued before the revocation is void too.
    expect((await exchange(kit, pending.code, pending.verifier)).json()).toMatchObject({
      error: 'invalid_grant',
    });
    // Idempotent.
    const again = await apiPost(kit, '/oauth/v1/private/revoke-app', { client_id: kit.client.id });
    expect(again.json().result.revoked).toBe(false);
  });
});

describe('POST /oauth/v1/private/logout', () => {
  it('ends the session and answers the registered post-logout target with state', async () => {
    const res = await apiPost(kit, '/oauth/v1/private/logout', {
      client_id: kit.client.id,
      post_logout_redirect_uri: 'https://app.example/bye',
      state: 's1',
    });
    expect(res.json().result.redirect_to).toBe('https://app.example/bye?state=s1');
    expect(await kit.app.sessions.verify(kit.cookie)).toBeNull();
    expect(res.cookies.find((c) => c.name === 'gh_session')?.value).toBe('');
  });

  it('answers / for an unregistered target or no client, and works without a body', async () => {
    const other = await apiPost(kit, '/oauth/v1/private/logout', {
      client_id: kit.client.id,
      post_logout_redirect_uri: 'https://evil.example/',
    });
    expect(other.json().result.redirect_to).toBe('/');
    const empty = await kit.app.inject({
      method: 'POST',
      url: '/x-api/oauth/v1/private/logout',
      headers: { host: HOST, platform: 'pc', 'content-type': 'application/json' },
    });
    expect(empty.json()).toMatchObject({ ret_code: 0, result: { redirect_to: '/' } });
  });
});
