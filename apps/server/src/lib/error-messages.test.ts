import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RET_CODE_VALUES } from '@gatehouse/contract';
import { DEFAULT_LOCALES_DIR, ERROR_NAMESPACE, loadErrorMessages } from './error-messages.js';

describe('English error messages', () => {
  const file = path.join(DEFAULT_LOCALES_DIR, 'en', `${ERROR_NAMESPACE}.json`);
  const table = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;

  it('has a non-empty text for every catalogue code', () => {
    const missing = RET_CODE_VALUES.filter((code) => {
      const text = table[String(code)];
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(missing, `add these codes to ${file}`).toEqual([]);
  });

  it('has no text for a code outside the catalogue', () => {
    const known = new Set(RET_CODE_VALUES.map(String));
    expect(Object.keys(table).filter((k) => !known.has(k))).toEqual([]);
  });
});

describe('loadErrorMessages', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-locales-'));
  fs.mkdirSync(path.join(dir, 'en'));
  fs.mkdirSync(path.join(dir, 'de'));
  fs.mkdirSync(path.join(dir, 'zh-TW'));
  fs.writeFileSync(
    path.join(dir, 'en', `${ERROR_NAMESPACE}.json`),
    JSON.stringify({ 10001: 'Bad input', 10006: 'Expired' }),
  );
  fs.writeFileSync(path.join(dir, 'de', `${ERROR_NAMESPACE}.json`), JSON.stringify({ 10001: 'Ungültig' }));
  fs.writeFileSync(path.join(dir, 'zh-TW', `${ERROR_NAMESPACE}.json`), '{not json');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const messages = loadErrorMessages(dir);

  it('uses the Lang table, its base language, then English', () => {
    expect(messages.text(10001, 'de')).toBe('Ungültig');
    expect(messages.text(10001, 'DE-de')).toBe('Ungültig');
    expect(messages.text(10006, 'de')).toBe('Expired');
    expect(messages.text(10001)).toBe('Bad input');
  });

  it('falls back to English for unknown, hostile or broken languages', () => {
    expect(messages.text(10001, 'fr')).toBe('Bad input');
    expect(messages.text(10001, '../en')).toBe('Bad input');
    expect(messages.text(10001, 'zh-TW')).toBe('Bad input');
  });

  it('gives a generic text for a code without any entry', () => {
    expect(messages.text(99999, 'de')).toBe('Error 99999');
  });

  it('refuses to start without English', () => {
    expect(() => loadErrorMessages(path.join(dir, 'de'))).toThrow(/English error messages missing/);
  });
});
