import * as complianceCalls from '@gatehouse/contract/endpoints/compliance';
import { afterEach, describe, expect, it } from 'vitest';
import { apiFakeForFile, ok } from '../../test/api-fake';
import { fetchRegulationCountry, fetchRestrictOperate, REGULATION_STORAGE_KEY } from './regulation-info';

const fake = apiFakeForFile();
afterEach(() => window.localStorage.clear());

// Spec §3 "Locally stored regulation info: restrictOperate, expiredTime. Key REGULATION_RESTRICT_OPERATE",
// §9 "Local regulation info kept 10000 ms", §4 "Regulation country is EEA if restrictOperate is set".
describe('regulation info', () => {
  it('is kept locally for 10 s with its expiry, then asked again', async () => {
    fake.answer(complianceCalls.regulationInfo, ok({ restrictOperate: true }));
    let now = 1_000_000;
    const clock = () => now;
    expect(await fetchRestrictOperate(clock)).toBe(true);
    expect(JSON.parse(window.localStorage.getItem(REGULATION_STORAGE_KEY) ?? '{}')).toEqual({
      restrictOperate: true,
      expiredTime: 1_010_000,
    });
    now += 9_999;
    expect(await fetchRestrictOperate(clock)).toBe(true);
    expect(fake.received(complianceCalls.regulationInfo)).toHaveLength(1);
    now += 1;
    fake.answer(complianceCalls.regulationInfo, ok({ restrictOperate: false }));
    expect(await fetchRestrictOperate(clock)).toBe(false);
    expect(fake.received(complianceCalls.regulationInfo)).toHaveLength(2);
  });

  it('a broken stored entry is asked again; the regulation country follows', async () => {
    window.localStorage.setItem(REGULATION_STORAGE_KEY, '{not json');
    fake.answer(complianceCalls.regulationInfo, ok({ restrictOperate: true }));
    expect(await fetchRegulationCountry()).toBe('EEA');
    window.localStorage.setItem(
      REGULATION_STORAGE_KEY,
      JSON.stringify({ restrictOperate: false, expiredTime: Date.now() + 5000 }),
    );
    expect(await fetchRegulationCountry()).toBe('');
  });
});
