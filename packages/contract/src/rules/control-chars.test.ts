import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CONTROL_CHAR_MESSAGE,
  findUnsafeInput,
  hasControlChar,
  MAX_INPUT_DEPTH,
  TOO_DEEP_MESSAGE,
  withSafeInput,
} from './control-chars.js';

describe('hasControlChar', () => {
  it('refuses C0, DEL, C1, the Unicode line separators and lone surrogates', () => {
    for (const c of ['\u0000', '\u0001', '\t', '\n', '\r', '\u001f', '\u007f', '\u0080', '\u0085', '\u009f'])
      expect(hasControlChar(`a${c}b`), JSON.stringify(c)).toBe(true);
    for (const c of ['\u2028', '\u2029', '\ud800', '\udfff', '\ud83d'])
      expect(hasControlChar(`a${c}`)).toBe(true);
    expect(hasControlChar('\udc00x')).toBe(true);
  });

  it('lets through text people write: accents, scripts, emoji (pairs), joiners, bidi marks', () => {
    for (const text of [
      'plain ascii ~!@#$%^&*()',
      'Ünïcødé façade',
      'عربي עברית 中文 हिन्दी',
      '😀 👩‍👩‍👧‍👦',
      'zero\u200dwidth\u200cjoiner',
      '\u200fmark\u202e',
      '\u00a0nbsp\u00ad',
      '\ufeff',
    ])
      expect(hasControlChar(text), text).toBe(false);
  });
});

describe('findUnsafeInput', () => {
  it('finds refused characters in nested values and in keys, with their paths', () => {
    expect(findUnsafeInput({ a: 'ok', b: [{ c: 'x\u0000' }], 'k\n': 1 })).toEqual([
      { path: ['b', 0, 'c'], message: CONTROL_CHAR_MESSAGE },
      { path: ['k\n'], message: CONTROL_CHAR_MESSAGE },
    ]);
    expect(findUnsafeInput('top\u2028')).toEqual([{ path: [], message: CONTROL_CHAR_MESSAGE }]);
    expect(findUnsafeInput({ n: 1, b: true, z: null, s: 'fine' })).toEqual([]);
  });

  it('refuses nesting deeper than the limit without recursing (no stack overflow)', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeInput(deep)).toEqual([
      { path: Array(MAX_INPUT_DEPTH).fill(0), message: TOO_DEEP_MESSAGE },
    ]);
    let ok: unknown = 'leaf';
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) ok = { k: ok };
    expect(findUnsafeInput(ok)).toEqual([]);
  });

  it('stops at the limit of findings', () => {
    expect(findUnsafeInput(Array(50).fill('\u0000'), 3)).toHaveLength(3);
  });
});

describe('withSafeInput', () => {
  const schema = z.object({ name: z.string(), age: z.number() });

  it('fails with the refused places only, before the schema runs', () => {
    const result = withSafeInput(schema).safeParse({ name: 'a\u0000', extra: '\u0007' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['name'], CONTROL_CHAR_MESSAGE],
      [['extra'], CONTROL_CHAR_MESSAGE],
    ]);
  });

  it('otherwise is the schema itself', () => {
    expect(withSafeInput(schema).parse({ name: 'Zoë', age: 3 })).toEqual({ name: 'Zoë', age: 3 });
    expect(withSafeInput(schema).safeParse({ name: 'Zoë' }).error?.issues[0]?.path).toEqual(['age']);
  });

  it('checks only the named keys when asked (request headers)', () => {
    const headers = z.object({ lang: z.string() });
    const guarded = withSafeInput(headers, { only: ['lang'] });
    expect(guarded.safeParse({ lang: 'en', 'user-agent': 'Ã\u0085' }).success).toBe(true);
    expect(guarded.safeParse({ lang: 'e\u0085n' }).success).toBe(false);
  });
});
