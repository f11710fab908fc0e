import { HEADER, type ResultInputOf } from '@gatehouse/contract';
import * as registrationCalls from '@gatehouse/contract/endpoints/registration';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok, startApiFake, type ApiFake } from '../../test/api-fake';
import {
  recallRegistration,
  resetRegistrationBinding,
  setRegistrationPassword,
  startRegistration,
} from './register-api';

const UUID = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const BINDING = 'b'.repeat(43);
const sent: ResultInputOf<typeof registrationCalls.registerInfo> = {
  uuid: UUID,
  channel: 'email',
  verify_type: 'code',
  login_name: 'ann***@example.com',
  expires_in: 600,
  resend_in: 60,
  next: 'verify',
};

let fake: ApiFake;
beforeAll(async () => {
  fake = await startApiFake();
});
afterAll(() => fake.close());
afterEach(() => {
  fake.reset();
  resetRegistrationBinding();
  vi.restoreAllMocks();
});

/** The X-Signup-Binding header of every call made while `run` runs. */
async function bindingHeaders(run: () => Promise<unknown>): Promise<(string | null)[]> {
  const seen: (string | null)[] = [];
  const real = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    seen.push(new Headers(init?.headers).get(HEADER.SIGNUP_BINDING));
    return real(input, init);
  });
  await run();
  return seen;
}

const fields = { lang: 'en', platform: 'pc', version: 'new-code' } as const;
const recalled: ResultInputOf<typeof registrationCalls.registerRecall> = {
  recall_stage: 'verify',
  platform: 'pc',
  login_name: 'ann***@example.com',
  version: 'new-code',
  channel: 'email',
  verify_type: 'code',
};

describe('sign-up binding in the page', () => {
  it('sends nothing extra when the binding lives in the cookie', async () => {
    fake.answer(registrationCalls.registerInfo, ok(sent));
    fake.answer(registrationCalls.registerRecall, ok(recalled));
    const headers = await bindingHeaders(async () => {
      await startRegistration({ email: 'ann@example.com' }, fields, 'code', {});
      await recallRegistration(UUID).catch(() => undefined);
    });
    expect(headers).toEqual([null, null]);
  });

  it('sends back the binding a header-transport start handed over, on every later sign-up call', async () => {
    fake.answer(registrationCalls.registerInfo, ok({ ...sent, signup_binding: BINDING }));
    fake.answer(registrationCalls.registerRecall, ok(recalled));
    fake.answer(
      registrationCalls.registerPassword,
      ok({ user_id: 5, new_user: true, site: 'global', login_name: 'ann***@example.com' }),
    );
    const headers = await bindingHeaders(async () => {
      await startRegistration({ email: 'ann@example.com' }, fields, 'code', {});
      await recallRegistration(UUID).catch(() => undefined);
      await setRegistrationPassword(UUID, { encrypt_password: 'x', encrypt_timestamp: '1' }, {});
    });
    expect(headers).toEqual([null, BINDING, BINDING]);
  });
});
