import { RetCode, type RequestOf, type ResultInputOf, type RetCodeValue } from '@gatehouse/contract';
import * as countryCalls from '@gatehouse/contract/endpoints/countries';
import * as loginCalls from '@gatehouse/contract/endpoints/login';
import * as systemCalls from '@gatehouse/contract/endpoints/system';
import * as userCalls from '@gatehouse/contract/endpoints/user';
// eslint-disable-next-line no-restricted-imports -- type only, in test code: no page carries it, and the fake must know every entry
import type * as table from '@gatehouse/contract/endpoints';
import { cleanup } from '@testing-library/react';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { clearResponseCache } from '../api/cache/response-cache';
import type { CodeValueOf } from '../api/code-handlers';
import { configureApi } from '../api/config';
import type { ApiEnvelope } from '../api/errors';
import { setSessionExpiredHandler } from '../api/session-events';
import { startTestServer } from '../api/test-support/api-test-server';
import type { FailureResultOf } from './failure-results';

/** An entry of the contract's endpoint table: the only thing the fake answers for. */
export type TableEntry = (typeof table)[keyof typeof table];

/** Envelope fields beside ret_code and result: a session token, the top-level pass_err_count… */
export type EnvelopeExtra = Partial<Omit<ApiEnvelope<unknown>, 'ret_code' | 'result'>>;

// Each reply kind sits under its own key, so inferring `ok`'s result from the expected reply meets
// no other kind's `result` on the way.
/** A success whose `result` is the one the entry answers. */
export interface Success<Result> {
  readonly success: { readonly result: Result; readonly extra: EnvelopeExtra };
}
/** A failure with one of the codes the entry may answer. */
export interface Failure<Code extends RetCodeValue> {
  readonly failure: { readonly code: Code; readonly result: unknown; readonly extra: EnvelopeExtra };
}
/** An HTTP error status, with a body that need not be an envelope (a proxy's page, an empty answer). */
export interface HttpFailure {
  readonly http: { readonly status: number; readonly body: unknown };
}

/** What the fake answers one request of `E`. */
export type Reply<E extends TableEntry> = Success<ResultInputOf<E>> | Failure<CodeValueOf<E>> | HttpFailure;
/** A fixed reply, or one made from the request (the body of a POST, the query of a GET). */
export type Answer<E extends TableEntry> = Reply<E> | ((request: RequestOf<E>) => Reply<E>);

/**
 * A success. Its result type comes from where the reply goes (`fake.answer(entry, ok(…))`, or a
 * function answering it), so a field the entry's result lacks, or misses, does not compile.
 */
export function ok<Result>(result: NoInfer<Result>, extra: EnvelopeExtra = {}): Success<Result> {
  return { success: { result, extra } };
}

/** A failure: `code` written `RetCode.Name`, `result` in the shape the contract gives that code. */
export function fail<Code extends RetCodeValue>(
  code: Code,
  result?: FailureResultOf<Code>,
  extra: EnvelopeExtra = {},
): Failure<Code> {
  return { failure: { code, result: result ?? null, extra } };
}

/** An error status (502 and the like) with `body` as it is: no envelope unless the test gives one. */
export function httpError(status: number, body: unknown = ''): HttpFailure {
  return { http: { status, body } };
}

export interface ApiFake {
  readonly baseUrl: string;
  /** Sets the answer of `entry` (its method and path) until `reset`. */
  answer<E extends TableEntry>(entry: E, answer: NoInfer<Answer<E>>): void;
  /** The requests `entry` received since `reset`, in order: bodies of a POST, queries of a GET. */
  received<E extends TableEntry>(entry: E): readonly RequestOf<E>[];
  /** How many API requests arrived since `reset`, whatever they asked for. */
  receivedCount(): number;
  /** Back to the default answers, nothing received, an empty response cache. */
  reset(): void;
  close(): Promise<void>;
}

/**
 * The fake for one test file: started before its tests, reset (and the rendered page unmounted) after
 * each, closed after all. The handle reaches the running fake.
 */
export function apiFakeForFile(): ApiFake {
  let running: ApiFake | undefined;
  beforeAll(async () => {
    running = await startApiFake();
  });
  afterEach(() => {
    cleanup();
    running?.reset();
    // A 10006 no handler heard yet must not reach the next test's app (api/session-events.ts).
    setSessionExpiredHandler(undefined);
  });
  afterAll(() => running?.close());
  const current = (): ApiFake => {
    if (!running) throw new Error('the API fake starts in beforeAll: use it inside a test');
    return running;
  };
  return {
    get baseUrl() {
      return current().baseUrl;
    },
    answer: <E extends TableEntry>(entry: E, answer: NoInfer<Answer<E>>) => current().answer(entry, answer),
    received: <E extends TableEntry>(entry: E) => current().received(entry),
    receivedCount: () => current().receivedCount(),
    reset: () => current().reset(),
    close: () => current().close(),
  };
}

/** The residence and phone pickers' countries: the default answer of the country list. */
export const TEST_COUNTRIES: ResultInputOf<typeof countryCalls.countryList> = {
  list: [
    { iso: 'DE', name: 'Germany', calling_code: '49', disabled: false },
    { iso: 'GB', name: 'United Kingdom', calling_code: '44', disabled: false },
    { iso: 'US', name: 'United States', calling_code: '1', disabled: true },
  ],
};

/** The web config entry that says no scene requires a captcha (docs/captcha.md). */
export const CAPTCHA_OFF = { name: 'captcha_required', value: { enabled: false, scenes: [] } };

const keyOf = (entry: { readonly method: string; readonly path: string }) => `${entry.method} ${entry.path}`;

/** What no answer gives: the server's answer to a route it does not have. */
const NO_ROUTE = fail(RetCode.RouteNotFound);

/**
 * A real HTTP server for the page tests, answering the calls of the contract's endpoint table with
 * replies typed by it: the envelope client talks to it as to Gatehouse. The country list, the
 * calling code, an empty risk check and a web config without captcha are answered by default; each
 * test sets the answers it needs.
 */
export async function startApiFake(): Promise<ApiFake> {
  const answers = new Map<string, (request: unknown) => Reply<TableEntry>>();
  const received = new Map<string, unknown[]>();
  let count = 0;

  const answer = <E extends TableEntry>(entry: E, given: NoInfer<Answer<E>>) => {
    // The map holds every entry's answer; the request handed back is the one `entry` was sent.
    const reply = given as Answer<TableEntry> as
      Reply<TableEntry> | ((request: unknown) => Reply<TableEntry>);
    answers.set(keyOf(entry), typeof reply === 'function' ? reply : () => reply);
  };
  const defaults = () => {
    answers.clear();
    received.clear();
    count = 0;
    answer(countryCalls.countryList, ok(TEST_COUNTRIES));
    answer(countryCalls.countryCode, ok({ country: 'GB', country_code: '44' }));
    answer(loginCalls.riskIntercept, ok({ intercept: false }));
    // No scene asks for a captcha unless a test says so (as the server's tests run with it off);
    // the wiring is tested with it on in send-with-captcha.test.ts and the pages' captcha tests.
    answer(systemCalls.webConfig, ok({ data: [CAPTCHA_OFF] }));
  };
  defaults();

  const server = await startTestServer((app: FastifyInstance) => {
    app.route({
      method: ['GET', 'POST'],
      url: '/x-api/*',
      handler: async (req, res) => {
        const path = req.url.replace(/^\/x-api/, '').split('?')[0] ?? '';
        const key = keyOf({ method: req.method, path });
        const request = req.method === 'GET' ? req.query : req.body;
        received.set(key, [...(received.get(key) ?? []), request]);
        count += 1;
        const reply = answers.get(key)?.(request) ?? NO_ROUTE;
        if ('http' in reply) return res.status(reply.http.status).send(reply.http.body);
        if ('success' in reply) {
          const { result, extra } = reply.success;
          return { ret_code: RetCode.Ok, ret_msg: 'OK', result, ...extra };
        }
        const { code, result, extra } = reply.failure;
        return { ret_code: code, ret_msg: `error ${code}`, result, ...extra };
      },
    });
  });
  configureApi({ baseUrl: `${server.baseUrl}/x-api`, translator: undefined });
  await clearResponseCache();
  return {
    baseUrl: server.baseUrl,
    answer,
    received: <E extends TableEntry>(entry: E) => (received.get(keyOf(entry)) ?? []) as RequestOf<E>[],
    receivedCount: () => count,
    reset: () => {
      defaults();
      void clearResponseCache();
    },
    close: server.close,
  };
}

/** The bound accounts the dashboard lists. */
export type BoundAccountList = ResultInputOf<typeof userCalls.boundAccounts>['accounts'];

/**
 * The account of the page tests (Ann, e-mail only, KYC 0, no 2FA): what the dashboard's profile,
 * user-info and bound-accounts calls answer. `boundAccounts` replaces the empty list.
 */
export function answerLoggedInUser(fake: ApiFake, boundAccounts: BoundAccountList = []): void {
  fake.answer(userCalls.profile, ok({ id: 1, kyc_person_level: 0, member_tag: { KYC: 0 } }));
  fake.answer(
    userCalls.userInfo,
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
  fake.answer(userCalls.boundAccounts, ok({ accounts: boundAccounts }));
}
