import type { FastifyInstance } from 'fastify';
import { configureApi } from '../../../api/config';
import { clearResponseCache } from '../../../api/cache/response-cache';
import { startTestServer, type TestServer } from '../../../api/test-support/api-test-server';

/** One canned answer per path: an envelope, or a function of the request body and query. */
export type Answer =
  Record<string, unknown> | ((body: unknown, query: Record<string, string>) => Record<string, unknown>);

export interface AuthTestServer extends TestServer {
  /** Sets the answer of `POST|GET path` (below the API base). */
  answer(method: 'GET' | 'POST', path: string, answer: Answer): void;
  /** The bodies (POST) or queries (GET) received, per path. */
  received: Map<string, unknown[]>;
  reset(): void;
}

export const ok = (result: unknown) => ({ ret_code: 0, ret_msg: 'OK', result });
export const fail = (code: number, result: unknown = null, extra: Record<string, unknown> = {}) => ({
  ret_code: code,
  ret_msg: `error ${code}`,
  result,
  ...extra,
});

const COUNTRIES = ok({
  list: [
    { iso: 'DE', name: 'Germany', calling_code: '49', disabled: false },
    { iso: 'GB', name: 'United Kingdom', calling_code: '44', disabled: false },
    { iso: 'US', name: 'United States', calling_code: '1', disabled: true },
  ],
});

/** The web config entry that says no scene requires a captcha (docs/captcha.md). */
export const CAPTCHA_OFF = { name: 'captcha_required', value: { enabled: false, scenes: [] } };

/**
 * A real HTTP server for the page tests (the envelope client talks to it as to Gatehouse), with the
 * country list, an empty risk check and no captcha answered by default; each test sets the answers it needs.
 */
export async function startAuthTestServer(): Promise<AuthTestServer> {
  const answers = new Map<string, Answer>();
  const received = new Map<string, unknown[]>();
  const defaults = () => {
    answers.clear();
    received.clear();
    answers.set('GET /v2/public/country-list', COUNTRIES);
    answers.set('GET /register/countryCode', ok({ country: 'GB', country_code: '44' }));
    answers.set('POST /user/public/risk/default-intercept', ok({ intercept: false }));
    // No scene asks for a captcha unless a test says so (as the server's tests run with it off);
    // the wiring is tested with it on in send-with-captcha.test.ts and the pages' captcha tests.
    answers.set('POST /v3/config/web', ok({ data: [CAPTCHA_OFF] }));
  };
  defaults();
  const server = await startTestServer((app: FastifyInstance) => {
    app.route({
      method: ['GET', 'POST'],
      url: '/x-api/*',
      handler: async (req) => {
        const path = req.url.replace(/^\/x-api/, '').split('?')[0] ?? '';
        const key = `${req.method} ${path}`;
        const input = req.method === 'GET' ? req.query : req.body;
        received.set(key, [...(received.get(key) ?? []), input]);
        const answer = answers.get(key) ?? fail(10003);
        return typeof answer === 'function' ? answer(req.body, req.query as Record<string, string>) : answer;
      },
    });
  });
  configureApi({ baseUrl: `${server.baseUrl}/x-api`, translator: undefined });
  await clearResponseCache();
  return {
    ...server,
    received,
    answer: (method, path, answer) => answers.set(`${method} ${path}`, answer),
    reset: () => {
      defaults();
      void clearResponseCache();
    },
  };
}

/**
 * The account of the page tests (Ann, e-mail only, KYC 0, no 2FA): what the dashboard's profile,
 * user-info and bound-accounts calls answer. `boundAccounts` replaces the empty list.
 */
export function answerLoggedInUser(server: AuthTestServer, boundAccounts: unknown[] = []): void {
  server.answer(
    'GET',
    '/v2/private/user/profile',
    ok({ id: 1, kyc_person_level: 0, member_tag: { KYC: 0 } }),
  );
  server.answer(
    'GET',
    '/user/private/user-info',
    ok({
      id: 1,
      username: 'ann***@example.com',
      vague_email: 'ann***@example.com',
      vague_mobile: null,
      email_verified: true,
      mobile_verified: false,
      has_google2fa: false,
      lang: 'en',
      status: 'active',
    }),
  );
  server.answer('GET', '/user/private/bound-accounts', ok({ accounts: boundAccounts }));
}
