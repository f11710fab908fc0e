import { describe, expect, it } from 'vitest';
import { escapeHtml, inlineJson } from './bootstrap-json.js';

describe('inlineJson', () => {
  const nasty = {
    a: '</script><script>alert(1)</script>',
    b: '<!-- <script>',
    c: 'x & y > z',
    d: 'line\u2028sep\u2029para',
    e: '\'"\\',
  };

  it('leaves no character that could end or confuse a script element', () => {
    const out = inlineJson(nasty);
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(out).toContain('\\u003c/script\\u003e');
  });

  it('parses back to the same value', () => {
    expect(JSON.parse(inlineJson(nasty))).toEqual(nasty);
  });
});

describe('escapeHtml', () => {
  it('escapes the five significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;',
    );
  });
});
