import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_INFO, TRANSLATION_LOCALES } from '@gatehouse/contract';
import { DEFAULT_LOCALES_DIR } from '../lib/error-messages.js';
import { createPageMeta } from './page-meta.js';

type Descriptions = Record<string, string>;

function descriptionsOf(locale: string): Descriptions {
  const file = path.join(DEFAULT_LOCALES_DIR, locale, 'meta.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { description: Descriptions }).description;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.-]+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('the meta namespace (page descriptions)', () => {
  const english = descriptionsOf('en');

  it('describes every route and the 404 page in English', () => {
    expect(Object.keys(english).sort()).toEqual([...Object.keys(ROUTE_INFO), 'not-found'].sort());
  });

  it.each(TRANSLATION_LOCALES.filter((locale) => locale !== 'en'))(
    '%s has every English key, no other, non-empty, with the same placeholders',
    (locale) => {
      const translated = descriptionsOf(locale);
      expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(english)) {
        const own = translated[key] ?? '';
        expect(own.trim(), `${locale} ${key}`).not.toBe('');
        expect(placeholders(own), `${locale} ${key}`).toEqual(placeholders(text));
      }
    },
  );
});

describe('createPageMeta', () => {
  it('reads the translation locale, falls back to English key by key, and fills in the brand', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-meta-'));
    try {
      fs.mkdirSync(path.join(dir, 'en'));
      fs.mkdirSync(path.join(dir, 'de-DE'));
      fs.writeFileSync(
        path.join(dir, 'en', 'meta.json'),
        JSON.stringify({ description: { login: 'Log in to {{product}}.', register: 'Join {{product}}.' } }),
      );
      fs.writeFileSync(
        path.join(dir, 'de-DE', 'meta.json'),
        JSON.stringify({ description: { login: 'Bei {{product}} anmelden.', register: '' } }),
      );
      const meta = createPageMeta(dir, 'Brand & Co');
      expect(meta.description('de-DE', 'login')).toBe('Bei Brand & Co anmelden.');
      expect(meta.description('de-DE', 'register')).toBe('Join Brand & Co.');
      // A locale outside the known set never reaches the file system; English answers.
      expect(meta.description('../../etc', 'login')).toBe('Log in to Brand & Co.');
      expect(meta.description('en', 'dashboard')).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
