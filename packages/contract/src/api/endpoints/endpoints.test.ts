import { describe, expect, expectTypeOf, it } from 'vitest';
import { codesOf, COMMON_CODES, type CodeOf, type RequestOf, type ResultOf } from '../endpoint.js';
import * as endpoints from './index.js';
import { RetCode } from '../ret-codes.js';

const entries = Object.entries(endpoints);

describe('the endpoint table', () => {
  it('names each method and path once', () => {
    const keys = entries.map(([, e]) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('writes every path as the canonical form the server accepts (docs/adr/0010)', () => {
    for (const [name, e] of entries) {
      expect(e.path, name).toMatch(/^(\/[A-Za-z0-9_-]+)+$/);
      expect(e.path, name).not.toMatch(/^\/x-api/);
    }
  });

  it('lists only catalogue codes, none of them twice, none of them implied', () => {
    for (const [name, e] of entries) {
      for (const code of e.codes) expect(RetCode, `${name}: ${code}`).toHaveProperty(code);
      expect(new Set(e.codes).size, name).toBe(e.codes.length);
      for (const common of COMMON_CODES) expect(e.codes, name).not.toContain(common);
    }
  });

  it('adds the implied codes: the common ones, and SessionExpired on a private call', () => {
    expect(codesOf(endpoints.profile)).toContain('SessionExpired');
    expect(codesOf(endpoints.login)).not.toContain('SessionExpired');
    expect(codesOf(endpoints.login)).toEqual(
      expect.arrayContaining([...COMMON_CODES, 'TooManyPasswordErrors']),
    );
  });

  it('gives a cache lifetime only to reads and to the config calls the client keeps', () => {
    const cached = entries.filter(([, e]) => e.cache !== 'no-store').map(([name]) => name);
    expect(cached.sort()).toEqual([
      'bannerConfig',
      // Spec §7 "(cached)": the static compliance config and the regulation info; the residence
      // guide changes with the operator's web config, like the country list with a deployment.
      'complianceConfig',
      'countryList',
      'profile',
      'registerPermission',
      'regulationInfo',
      'residenceGuideConfig',
      'webConfig',
    ]);
  });

  it('types the request, the result and the codes of each call', () => {
    expectTypeOf<RequestOf<typeof endpoints.loginVerify>>().toEqualTypeOf<{
      challenge_id: string;
      code: string;
      tg_pending_id?: string | undefined;
      third_pending_id?: string | undefined;
    }>();
    expectTypeOf<ResultOf<typeof endpoints.loginUnlock>>().toHaveProperty('trusted');
    expectTypeOf<'TooManyPasswordErrors'>().toExtend<CodeOf<typeof endpoints.login>>();
    expectTypeOf<'SessionExpired'>().toExtend<CodeOf<typeof endpoints.profile>>();
    expectTypeOf<'SessionExpired'>().not.toExtend<CodeOf<typeof endpoints.login>>();
  });
});
