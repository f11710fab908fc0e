import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache.js';
import { matchesEtag, precomputeAnswer } from './precomputed-answer.js';

const big = JSON.stringify({ ret_code: 0, ret_msg: 'OK', result: { list: Array(200).fill({ iso: 'GB' }) } });

describe('precomputeAnswer', () => {
  it('compresses a large answer with brotli and gzip, each decoding to the JSON', () => {
    const answer = precomputeAnswer(big);
    expect(answer.encodings).toEqual(['br', 'gzip']);
    expect(brotliDecompressSync(answer.encoded.get('br') ?? Buffer.alloc(0)).toString()).toBe(big);
    expect(gunzipSync(answer.encoded.get('gzip') ?? Buffer.alloc(0)).toString()).toBe(big);
    expect(answer.identity.toString()).toBe(big);
  });

  it('leaves a small answer as it is', () => {
    expect(precomputeAnswer('{"ret_code":0}').encodings).toEqual([]);
  });

  it('tags the JSON (weakly: one tag for every coding), and keeps an unchanged answer whole', () => {
    const first = precomputeAnswer(big);
    expect(first.etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(precomputeAnswer(big, first)).toBe(first);
    expect(precomputeAnswer(big.replace('GB', 'DE'), first).etag).not.toBe(first.etag);
  });
});

describe('matchesEtag', () => {
  it('compares weakly, in a list, and takes *', () => {
    const tag = 'W/"abc"';
    expect(matchesEtag('W/"abc"', tag)).toBe(true);
    expect(matchesEtag('"abc"', tag)).toBe(true);
    expect(matchesEtag('"x", W/"abc"', tag)).toBe(true);
    expect(matchesEtag('*', tag)).toBe(true);
    expect(matchesEtag('"abd"', tag)).toBe(false);
    expect(matchesEtag(undefined, tag)).toBe(false);
  });
});

describe('createAnswerCache', () => {
  it('serves an answer until it expires, then computes it again', async () => {
    let time = 0;
    const cache = createAnswerCache({ ttlMs: 100, maxEntries: 4, now: () => time });
    let computed = 0;
    const compute = async () => `{"n":${++computed}}`;
    expect((await cache.answer('a', compute)).json).toBe('{"n":1}');
    time = 99;
    expect((await cache.answer('a', compute)).json).toBe('{"n":1}');
    time = 100;
    expect((await cache.answer('a', compute)).json).toBe('{"n":2}');
  });

  it('keeps at most maxEntries answers, dropping the oldest computed', async () => {
    const cache = createAnswerCache({ ttlMs: 1000, maxEntries: 2, now: () => 0 });
    const computed: string[] = [];
    const compute = (key: string) => async () => {
      computed.push(key);
      return `"${key}"`;
    };
    for (const key of ['a', 'b', 'c', 'b', 'a']) await cache.answer(key, compute(key));
    // a was dropped for c, so it is computed again; b was still kept.
    expect(computed).toEqual(['a', 'b', 'c', 'a']);
  });
});
