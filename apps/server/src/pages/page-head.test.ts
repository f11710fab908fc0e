import { describe, expect, it } from 'vitest';
import { headTags } from './page-head.js';

describe('headTags', () => {
  it('writes the description, module preloads, stylesheets and fetch preloads, one a line', () => {
    expect(
      headTags({
        description: 'Log in to Gatehouse.',
        modules: ['/assets/a.js'],
        styles: ['/assets/a.css'],
        fetches: ['/locales/en/global.json'],
      }),
    ).toBe(
      [
        '<meta name="description" content="Log in to Gatehouse." />',
        '<link rel="modulepreload" crossorigin href="/assets/a.js" />',
        '<link rel="stylesheet" crossorigin href="/assets/a.css" />',
        '<link rel="preload" as="fetch" crossorigin href="/locales/en/global.json" />',
        '',
      ].join('\n'),
    );
  });

  it('escapes what it inserts and leaves out a missing description', () => {
    const html = headTags({
      description: null,
      modules: [],
      styles: [],
      fetches: ['/locales/x"><script>/global.json'],
    });
    expect(html).not.toContain('<meta');
    expect(html).not.toContain('<script>');
    expect(html).toContain('href="/locales/x&#34;&#62;&#60;script&#62;/global.json"');
  });
});
