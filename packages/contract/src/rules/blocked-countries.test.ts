import { describe, expect, it } from 'vitest';
import { BLOCKED_COUNTRIES, isBlockedCountry } from './blocked-countries.js';

describe('blocked countries (§6: CN, CU, IR, KP, SD, SG, SY, US and Ontario)', () => {
  it('lists exactly the blocked places', () => {
    expect([...BLOCKED_COUNTRIES]).toEqual(['CN', 'CU', 'IR', 'KP', 'SD', 'SG', 'SY', 'US', 'CA-ON']);
  });

  it.each(['CN', 'CU', 'IR', 'KP', 'SD', 'SG', 'SY', 'US', 'us', ' sg '])('%j is blocked', (country) => {
    expect(isBlockedCountry(country)).toBe(true);
  });

  it('blocks Ontario, not the rest of Canada', () => {
    expect(isBlockedCountry('CA', 'ON')).toBe(true);
    expect(isBlockedCountry('CA', 'CA-ON')).toBe(true);
    expect(isBlockedCountry('ca', 'on')).toBe(true);
    expect(isBlockedCountry('CA-ON')).toBe(true);
    expect(isBlockedCountry('CA')).toBe(false);
    expect(isBlockedCountry('CA', 'QC')).toBe(false);
  });

  it('does not take a subdivision of another country for Ontario', () => {
    expect(isBlockedCountry('DE', 'CA-ON')).toBe(false);
    expect(isBlockedCountry('DE', 'ON')).toBe(false);
  });

  it('lets other countries through', () => {
    expect(isBlockedCountry('DE')).toBe(false);
    expect(isBlockedCountry('')).toBe(false);
  });
});
