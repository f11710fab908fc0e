import { describe, expect, it } from 'vitest';
import {
  registerComplianceRequestSchema,
  registerInfoRequestSchema,
  registerVerifyRequestSchema,
} from './register.js';

describe('register request schemas', () => {
  it('take exactly one identifier, normalising the e-mail', () => {
    expect(registerInfoRequestSchema.parse({ email: ' Ann@Example.COM ' })).toMatchObject({
      email: 'ann@example.com',
      verify_type: 'code',
    });
    expect(registerInfoRequestSchema.safeParse({ country_code: '44', mobile: '7911 123456' }).success).toBe(
      true,
    );
    expect(registerInfoRequestSchema.safeParse({}).success).toBe(false);
    expect(registerInfoRequestSchema.safeParse({ mobile: '7911123456' }).success).toBe(false);
    expect(
      registerInfoRequestSchema.safeParse({
        email: 'a@example.com',
        country_code: '44',
        mobile: '7911123456',
      }).success,
    ).toBe(false);
  });

  it('upper-cases the residence and keeps the channel record', () => {
    expect(
      registerInfoRequestSchema.parse({
        email: 'a@example.com',
        residence_country: 'fr',
        affiliate_id: '42',
      }),
    ).toMatchObject({ residence_country: 'FR', affiliate_id: '42' });
    expect(registerInfoRequestSchema.safeParse({ email: 'a@example.com', affiliate_id: 'x1' }).success).toBe(
      false,
    );
  });

  it('verify takes a code or a link token, not both', () => {
    const uuid = '6f1c1a4e-3b7d-4c55-9a53-1f0f3c4e2b10';
    expect(registerVerifyRequestSchema.safeParse({ uuid, code: '012345' }).success).toBe(true);
    expect(registerVerifyRequestSchema.safeParse({ uuid, token: 'A'.repeat(43) }).success).toBe(true);
    expect(registerVerifyRequestSchema.safeParse({ uuid }).success).toBe(false);
    expect(
      registerVerifyRequestSchema.safeParse({ uuid, code: '012345', token: 'A'.repeat(43) }).success,
    ).toBe(false);
    expect(registerVerifyRequestSchema.safeParse({ uuid, code: '12345' }).success).toBe(false);
  });

  it('compliance sign-up requires the residence', () => {
    const base = {
      email: 'a@example.com',
      verify_code: '123456',
      encrypt_password: 'A'.repeat(32),
      encrypt_timestamp: '1700000000000',
    };
    expect(registerComplianceRequestSchema.safeParse(base).success).toBe(false);
    expect(registerComplianceRequestSchema.safeParse({ ...base, residence_country: 'FR' }).success).toBe(
      true,
    );
  });
});
