import { describe, expect, it } from 'vitest';
import {
  PUBLIC_ENDPOINTS,
  RETURNED_WITHOUT_TOAST,
  SILENT_CODES,
  isPasswordWrongResult,
  isPublicEndpoint,
  isReturnedWithoutToast,
  isSilentCode,
  isSuccessCode,
} from './client-policy.js';
import { isRetCode } from './ret-code-lookup.js';

describe('isSuccessCode', () => {
  it('accepts 0 and 10007 only', () => {
    expect(isSuccessCode(0)).toBe(true);
    expect(isSuccessCode(10007)).toBe(true);
    for (const code of [-200, 1, 10006, 10009, 31002]) expect(isSuccessCode(code)).toBe(false);
  });
});

describe('SILENT_CODES', () => {
  it('is exactly 10007, 33003, 10009 (spec §8)', () => {
    expect([...SILENT_CODES].sort()).toEqual([10007, 10009, 33003]);
    expect(isSilentCode(33003)).toBe(true);
    expect(isSilentCode(10006)).toBe(false);
  });
});

describe('RETURNED_WITHOUT_TOAST', () => {
  const expected = [
    20100, 31030, 31018, 50101, 31003, 41007, 400601, 400602, 41102, 41103, 41104, 41105, 41106, 41107, 41108,
    400605, 400606, 400607, 10026, 30055, 41121, 41122, 41123, 41125, 41126, 41127, 41128,
  ];

  it('is exactly the spec §8 list', () => {
    expect([...RETURNED_WITHOUT_TOAST].sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
  });

  it('leaves out 41124 and codes with their own toast', () => {
    for (const code of [41124, 10006, 10016, 30054, 40029, 50002])
      expect(isReturnedWithoutToast(code)).toBe(false);
  });

  it('only lists catalogue codes', () => {
    for (const code of RETURNED_WITHOUT_TOAST) expect(isRetCode(code)).toBe(true);
  });
});

describe('isPasswordWrongResult', () => {
  it('passes 31002 on as a result only at 3, 4 or 5 errors', () => {
    expect(isPasswordWrongResult(31002, 3)).toBe(true);
    expect(isPasswordWrongResult(31002, 5)).toBe(true);
    expect(isPasswordWrongResult(31002, 2)).toBe(false);
    expect(isPasswordWrongResult(31002, 6)).toBe(false);
    expect(isPasswordWrongResult(31002, undefined)).toBe(false);
    expect(isPasswordWrongResult(31003, 3)).toBe(false);
  });
});

describe('PUBLIC_ENDPOINTS', () => {
  it('lists the six public calls of spec §5', () => {
    expect(PUBLIC_ENDPOINTS).toHaveLength(6);
  });

  it('matches with or without the API base and query string', () => {
    expect(isPublicEndpoint('/register/permission_v2')).toBe(true);
    expect(isPublicEndpoint('/x-api/v2/public/country-list?is_iso=1')).toBe(true);
    expect(isPublicEndpoint('/v3/public/user/captcha-info?type=X&login_name=a')).toBe(true);
    expect(isPublicEndpoint('/user/public/captcha-info#x')).toBe(true);
    expect(isPublicEndpoint('/api/v3/public/qrcode/generate', '/api')).toBe(true);
  });

  it('does not match other or look-alike paths', () => {
    expect(isPublicEndpoint('/v3/public/qrcode/status')).toBe(false);
    expect(isPublicEndpoint('/v2/private/user/profile')).toBe(false);
    expect(isPublicEndpoint('/v2/public/country-list/extra')).toBe(false);
    expect(isPublicEndpoint('/x-api/x-api/v2/public/country-list')).toBe(false);
  });
});
