import { describe, expect, it } from 'vitest';
import { RET_CODE_VALUES, isRetCode, retCodeName } from './ret-code-lookup.js';
import { RetCode } from './ret-codes.js';

/** Every code spec §8 names, so a rename or removal cannot slip through. */
const SPEC_CODES = [
  -200, 10002, 10006, 10007, 10009, 10016, 10026, 20035, 20100, 30054, 30055, 31002, 31003, 31018, 31030,
  33003, 35300, 40004, 40029, 41007, 41102, 41103, 41104, 41105, 41106, 41107, 41108, 41121, 41122, 41123,
  41125, 41126, 41127, 41128, 50002, 50101, 400601, 400602, 400605, 400606, 400607, 610016, 610017,
];

describe('RetCode catalogue', () => {
  it('has no duplicate values', () => {
    expect(new Set(RET_CODE_VALUES).size).toBe(RET_CODE_VALUES.length);
  });

  it('holds every code of spec §8', () => {
    for (const code of SPEC_CODES) expect(isRetCode(code), String(code)).toBe(true);
  });

  it('does not invent 41124, which the spec skips', () => {
    expect(isRetCode(41124)).toBe(false);
  });

  it('uses integers only', () => {
    for (const code of RET_CODE_VALUES) expect(Number.isInteger(code)).toBe(true);
  });

  it('names codes for logs', () => {
    expect(retCodeName(10006)).toBe('SessionExpired');
    expect(retCodeName(RetCode.CsrfRejected)).toBe('CsrfRejected');
    expect(retCodeName(123456789)).toBeUndefined();
  });
});
