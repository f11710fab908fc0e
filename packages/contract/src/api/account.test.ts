import { describe, expect, it } from 'vitest';
import { maskEmail, maskLoginName, maskMobile, userIdSchema } from './account.js';

describe('masking', () => {
  it('keeps enough of an e-mail to recognise it', () => {
    expect(maskEmail('ann.lee@example.com')).toBe('ann***@example.com');
    expect(maskEmail('bo@example.com')).toBe('b***@example.com');
    expect(maskEmail('nonsense')).toBe('***');
  });

  it('keeps the country prefix and the last four digits of a number', () => {
    expect(maskMobile('+447911123456')).toBe('+447****3456');
    expect(maskMobile('+3531234')).toBe('+3****');
    expect(maskLoginName('+819012345678')).toBe('+819****5678');
    expect(maskLoginName('someone@example.com')).toBe('som***@example.com');
  });
});

describe('userIdSchema', () => {
  it('is a positive integer', () => {
    expect(userIdSchema.safeParse(1234567890).success).toBe(true);
    expect(userIdSchema.safeParse(0).success).toBe(false);
    expect(userIdSchema.safeParse('1234567890').success).toBe(false);
  });
});
