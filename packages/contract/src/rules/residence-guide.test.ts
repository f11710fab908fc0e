import { describe, expect, it } from 'vitest';
import {
  OPEN_RESIDENCE_GUIDE,
  residenceOptions,
  residenceVerdict,
  type ResidenceGuideConfig,
} from './residence-guide.js';

const countries = ['DE', 'FR', 'GB', 'NL', 'TR'].map((iso) => ({ iso }));
const guide = (g: Partial<ResidenceGuideConfig>): ResidenceGuideConfig => ({ ...OPEN_RESIDENCE_GUIDE, ...g });

// Spec §5 "The country dropdown follows showMode: 0 excludes the listed countries, otherwise only
// those are included."
describe('residenceOptions (showMode)', () => {
  it.each<[string, ResidenceGuideConfig, string[]]>([
    [
      'showMode 0 excludes the listed countries',
      guide({ showMode: 0, countries2: ['NL', 'TR'] }),
      ['DE', 'FR', 'GB'],
    ],
    ['showMode 0 with no list keeps every country', guide({ showMode: 0 }), ['DE', 'FR', 'GB', 'NL', 'TR']],
    [
      'showMode 1 includes only the listed countries',
      guide({ showMode: 1, countries2: ['NL', 'DE'] }),
      ['DE', 'NL'],
    ],
    ['showMode 1 with no list offers nothing', guide({ showMode: 1 }), []],
  ])('%s', (_name, g, isos) => {
    expect(residenceOptions(countries, g).map((c) => c.iso)).toEqual(isos);
  });
});

// Spec §5 "banned countries block the form; countries in the redirect lists hide the form", §6 list.
describe('residenceVerdict', () => {
  const g = guide({ guideConfigs: [{ siteId: 'EU', country2: 'DE' }], showMode: 0, countries2: ['TR'] });
  it.each<[string, string, string | null, ReturnType<typeof residenceVerdict>]>([
    ['an ordinary country', 'GB', null, { kind: 'ok' }],
    ['a blocked country blocks', 'US', null, { kind: 'blocked' }],
    ['blocked wins over any list', 'cn', null, { kind: 'blocked' }],
    ['Ontario blocks', 'CA', 'ON', { kind: 'blocked' }],
    ['another Canadian province does not', 'CA', 'QC', { kind: 'ok' }],
    ['a redirect-listed country names its site', 'de', null, { kind: 'redirect', siteId: 'EU' }],
    ['a country the dropdown hides is not offered', 'TR', null, { kind: 'not-offered' }],
  ])('%s', (_name, country, sub, verdict) => {
    expect(residenceVerdict(g, country, sub)).toEqual(verdict);
  });
});
