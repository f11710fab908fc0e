import { describe, expect, it } from 'vitest';
import {
  banInfoRequestSchema,
  loginRequestSchema,
  loginResultSchema,
  logoutRequestSchema,
  tradeSwitchRequestSchema,
} from './login.js';
import { resetSendCodeRequestSchema, resetVerifyRequestSchema } from './password-reset.js';

const password = { encrypt_password: 'A'.repeat(40), encrypt_timestamp: '1700000000000' };

describe('login schemas', () => {
  it('accepts an e-mail or a calling code + mobile, normalising the e-mail', () => {
    expect(loginRequestSchema.parse({ email: ' Ann@Example.COM ', ...password }).email).toBe(
      'ann@example.com',
    );
    expect(
      loginRequestSchema.safeParse({ country_code: '44', mobile: '07700 900123', ...password }).success,
    ).toBe(true);
  });

  it('refuses both identifiers, none, half a mobile, or no password', () => {
    for (const body of [
      { email: 'a@example.com', country_code: '44', mobile: '7700900123', ...password },
      { ...password },
      { mobile: '7700900123', ...password },
      { email: 'a@example.com' },
      { email: 'a@example.com', ...password, encrypt_timestamp: 'yesterday' },
    ]) {
      expect(loginRequestSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });

  it('drops extras the client adds (captcha, tracking)', () => {
    const parsed = loginRequestSchema.parse({ email: 'a@example.com', ...password, magpie_verify_info: {} });
    expect(parsed).not.toHaveProperty('magpie_verify_info');
  });

  it('describes both login outcomes with one shape', () => {
    expect(
      loginResultSchema.safeParse({ user_id: 1234567890, new_user: false, need_verify: null }).success,
    ).toBe(true);
    expect(
      loginResultSchema.safeParse({
        user_id: null,
        new_user: false,
        need_verify: {
          challenge_id: 'x',
          channel: 'email',
          masked_target: 'a***@b.c',
          expires_in: 600,
          resend_in: 60,
        },
      }).success,
    ).toBe(true);
  });

  it('takes logout and ban info without a body (an empty body arrives as null)', () => {
    expect(logoutRequestSchema.safeParse(null).success).toBe(true);
    expect(logoutRequestSchema.safeParse({ rpProps: { a: 1 } }).success).toBe(true);
    expect(banInfoRequestSchema.safeParse(undefined).success).toBe(true);
  });

  it('switches trading only to the demo environment', () => {
    expect(tradeSwitchRequestSchema.safeParse({ env: 1 }).success).toBe(true);
    expect(tradeSwitchRequestSchema.safeParse({ env: 0 }).success).toBe(false);
  });
});

describe('password reset schemas', () => {
  it('uses the login identifier and a 6-digit code', () => {
    expect(resetSendCodeRequestSchema.safeParse({ email: 'a@example.com' }).success).toBe(true);
    expect(resetSendCodeRequestSchema.safeParse({}).success).toBe(false);
    expect(
      resetVerifyRequestSchema.safeParse({ country_code: '44', mobile: '7700900123', code: '123456' })
        .success,
    ).toBe(true);
    expect(resetVerifyRequestSchema.safeParse({ email: 'a@example.com', code: '12345' }).success).toBe(false);
  });
});
