import { describe, expect, it } from 'vitest';
import { SITES, type PageBootstrap } from '@gatehouse/contract';
import { builtInTemplate, fillTemplate } from './html-template.js';

const bootstrap: PageBootstrap = {
  site: 'ARE',
  env: 'prod',
  locale: 'ar-ARE',
  translationLocale: 'ar-SA',
  dir: 'rtl',
  origin: 'http://ae.localhost:3000',
  siteDefinition: SITES.ARE,
  apiBase: '/x-api',
  product: 'Gatehouse',
  brandDomains: [],
};

describe('fillTemplate', () => {
  it('sets lang and dir, and inlines the bootstrap as a JSON data block in the head', () => {
    const html = fillTemplate(builtInTemplate('Gatehouse'), {
      bootstrap,
      lang: 'ar-ARE',
      dir: 'rtl',
      styleNonce: 'abc',
    });
    expect(html).toContain('<html lang="ar-ARE" dir="rtl">');
    expect(html).toContain('<meta property="csp-nonce" nonce="abc" />');
    const m = /<script type="application\/json" id="gh-bootstrap">(.*?)<\/script>\n<\/head>/s.exec(html);
    expect(JSON.parse(m?.[1] ?? 'null')).toEqual(bootstrap);
  });

  it('works on a Vite-built index.html and leaves its module script alone', () => {
    const built =
      '<!doctype html>\n<html lang="en" dir="ltr">\n  <head>\n    <script type="module" crossorigin src="/assets/index-abc.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';
    const html = fillTemplate(built, { bootstrap, lang: 'ar-ARE', dir: 'rtl', styleNonce: null });
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(html).not.toContain('csp-nonce');
    expect(html.match(/<html/g)).toHaveLength(1);
  });

  it('does not interpret replacement patterns in the inserted text', () => {
    const html = fillTemplate(builtInTemplate('G'), {
      bootstrap: { ...bootstrap, product: "$& $' $`" },
      lang: 'en',
      dir: 'ltr',
      styleNonce: null,
    });
    expect(html).toContain('"product":"$\\u0026 $\' $`"');
  });

  it('escapes the brand name in the built-in title', () => {
    expect(builtInTemplate('<b>')).toContain('<title>&#60;b&#62;</title>');
  });
});
