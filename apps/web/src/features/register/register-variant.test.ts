import { DEFAULT_REGISTER_UI_CONFIG } from '@gatehouse/contract/feature-flags';
import { describe, expect, it } from 'vitest';
import { assignedVariant, bucketOf, chooseVariant, DEFAULT_VARIANT, parseVariant } from './register-variant';

describe('register variants', () => {
  it('parses variant names; the old UI only knows codes', () => {
    expect(parseVariant('new-link')).toEqual({ ui: 'new', verify: 'link' });
    expect(parseVariant('old-link')).toEqual({ ui: 'old', verify: 'code' });
    expect(parseVariant('fancy')).toBeNull();
    expect(parseVariant(3)).toBeNull();
  });

  it('defaults to new UI with a code without a config entry', () => {
    expect(assignedVariant(undefined, 'guid')).toEqual(DEFAULT_VARIANT);
    expect(assignedVariant({ variants: {} }, 'guid')).toEqual(DEFAULT_VARIANT);
  });

  it('gives everybody the single configured variant', () => {
    expect(assignedVariant('old-code', 'any')).toEqual({ ui: 'old', verify: 'code' });
  });

  it('reads the seeded shape: the query values {ui, showType}', () => {
    // The very value the server seeds (apps/server/src/db/seed.ts writes DEFAULT_REGISTER_UI_CONFIG).
    expect(assignedVariant(DEFAULT_REGISTER_UI_CONFIG, 'any')).toEqual({ ui: 'new', verify: 'code' });
    // Switched by an operator: each field is honoured, a missing one takes the default's.
    expect(assignedVariant({ ui: 'new', showType: 'link' }, 'any')).toEqual({ ui: 'new', verify: 'link' });
    expect(assignedVariant({ showType: 'link' }, 'any')).toEqual({ ui: 'new', verify: 'link' });
    expect(assignedVariant({ ui: 'old', showType: 'link' }, 'any')).toEqual({ ui: 'old', verify: 'code' });
    expect(assignedVariant({ ui: 'fancy', showType: 'sms' }, 'any')).toEqual(DEFAULT_VARIANT);
  });

  it('splits by a stable bucket of the guid', () => {
    const config = { variants: { 'new-code': 50, 'new-link': 50 } };
    const guids = Array.from(
      { length: 400 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const links = guids.filter((guid) => assignedVariant(config, guid).verify === 'link').length;
    expect(links).toBeGreaterThan(120);
    expect(links).toBeLessThan(280);
    for (const guid of guids.slice(0, 20))
      expect(assignedVariant(config, guid)).toEqual(assignedVariant(config, guid));
    expect(bucketOf('a')).toBe(bucketOf('a'));
  });

  it('lets the ui and show_type query values win', () => {
    const assigned = { ui: 'new', verify: 'code' } as const;
    expect(chooseVariant({ ui: 'old', assigned })).toEqual({ ui: 'old', verify: 'code' });
    expect(chooseVariant({ showType: 'link', assigned })).toEqual({ ui: 'new', verify: 'link' });
    expect(chooseVariant({ ui: 'weird', showType: 'other', assigned })).toEqual(assigned);
    expect(chooseVariant({ showType: 'link', assigned: { ui: 'old', verify: 'code' } })).toEqual({
      ui: 'old',
      verify: 'code',
    });
  });
});
