import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode, type SocialProvider } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';

/**
 * The stand-in end to end over real HTTP: the product's OpenID client (discovery, token endpoint,
 * JWKS, all fetched from the listening server) against oidc-provider playing Google and Apple.
 */
let app: App;
let origin: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  app = await testApp({ PORT: String(port), SOCIAL_STAND_IN: '1', DEV_TOOLS: 'loopback' });
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => app.close());

const GUID = '0a1b2c3d-0000-4000-8000-00000000abcd';
const API_HEADERS = { platform: 'pc', guid: GUID, lang: 'en' };

/** A browser with a cookie jar that follows nothing by itself. */
function browser() {
  const jar = new Map<string, string>();
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(url, origin), {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = (pair ?? '').indexOf('=');
      if (eq > 0) jar.set((pair ?? '').slice(0, eq), (pair ?? '').slice(eq + 1));
    }
    return res;
  };
  return { go };
}

async function signInAt(provider: SocialProvider, email: string) {
  const b = browser();
  const start = await b.go(`/x-api/user/public/login/thirdparty/authorize?third_type=${provider}`, {
    headers: API_HEADERS,
  });
  const authorizeUrl = ((await start.json()) as { result: { authorize_url: string } }).result.authorize_url;
  expect(authorizeUrl.startsWith(`${origin}/dev/oidc/${provider}/auth?`)).toBe(true);
  // The provider's login page (oidc-provider's development interaction).
  let res = await b.go(authorizeUrl);
  const interaction = res.headers.get('location') ?? '';
  res = await b.go(interaction);
  const page = await res.text();
  const action = /action="([^"]+)"/.exec(page)?.[1] ?? '';
  res = await b.go(new URL(action, origin).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ prompt: 'login', login: email, password: 'anything' }).toString(),
  });
  // Resume → (no consent screen) → back to our callback: a redirect (Google) or a form_post page (Apple).
  for (let i = 0; i < 5 && res.status >= 300 && res.status < 400; i++) {
    const next = res.headers.get('location') ?? '';
    if (new URL(next, origin).pathname.startsWith('/auth/thirdparty/callback/')) {
      res = await b.go(next);
      break;
    }
    res = await b.go(next);
  }
  if (res.status === 200) {
    const html = await res.text();
    const form = new URLSearchParams();
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
      form.set(m[1] ?? '', (m[2] ?? '').replaceAll('&#x3D;', '=').replaceAll('&amp;', '&'));
    const target = /action="([^"]+)"/.exec(html)?.[1] ?? '';
    res = await b.go(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
  }
  expect(res.status).toBe(303);
  const back = new URL(res.headers.get('location') ?? '', origin);
  const ticket = back.searchParams.get('third_ticket');
  expect(back.searchParams.get('third_error')).toBeNull();
  const login = await b.go('/x-api/user/public/login/thirdparty', {
    method: 'POST',
    headers: { ...API_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({ third_type: provider, third_ticket: ticket }),
  });
  return (await login.json()) as { ret_code: number; result: Record<string, unknown> };
}

describe('the local OpenID provider playing Google and Apple', () => {
  it('Google: a seeded person signs in through the real code path', async () => {
    const body = await signInAt('google', 'grace@gmail.test');
    expect(body.ret_code).toBe(RetCode.ThirdPartyNotBound);
    expect(body.result['third_user']).toEqual({
      provider: 'google',
      email: 'grace@gmail.test',
      email_verified: true,
      name: 'Grace Hopper',
    });
  });

  it('Apple: form_post back to the callback', async () => {
    const body = await signInAt('apple', 'someone.new@icloud.test');
    expect(body.ret_code).toBe(RetCode.ThirdPartyNotBound);
    expect(body.result['third_user']).toMatchObject({ provider: 'apple', email: 'someone.new@icloud.test' });
  });

  it('is not there when switched off', async () => {
    const off = await testApp({ DEV_TOOLS: 'loopback' });
    try {
      const res = await off.inject({ url: '/dev/oidc/google/.well-known/openid-configuration' });
      expect(res.headers['content-type'] ?? '').not.toContain('application/json');
    } finally {
      await off.close();
    }
  });
});
