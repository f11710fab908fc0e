import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_FLAGS, featureFlagsFrom } from './feature-flags.js';

describe('featureFlagsFrom', () => {
  it('keeps every feature on without an entry or with a malformed one', () => {
    expect(featureFlagsFrom(undefined)).toEqual(DEFAULT_FEATURE_FLAGS);
    expect(featureFlagsFrom(null)).toEqual(DEFAULT_FEATURE_FLAGS);
    expect(featureFlagsFrom('off')).toEqual(DEFAULT_FEATURE_FLAGS);
    expect(featureFlagsFrom({ qrLogin: 'false', quickLogin: 0 })).toEqual(DEFAULT_FEATURE_FLAGS);
  });

  it('turns off exactly the flags stored as false', () => {
    expect(featureFlagsFrom({ qrLogin: false, demoAccount: true, unknown: false })).toEqual({
      ...DEFAULT_FEATURE_FLAGS,
      qrLogin: false,
    });
  });
});
