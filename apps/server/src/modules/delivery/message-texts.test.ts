import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_LOCALES_DIR } from '../../config/repo-paths.js';
import { DELIVERY_KINDS } from './delivery-types.js';
import { createMessageTexts, fallbackChain, interpolate } from './message-texts.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-locales-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
function write(locale: string, content: unknown) {
  fs.mkdirSync(path.join(dir, locale), { recursive: true });
  fs.writeFileSync(path.join(dir, locale, 'mail.json'), JSON.stringify(content));
}
write('en', {
  units: { minutes_one: '{{count}} minute', minutes_other: '{{count}} minutes' },
  'register-code': {
    subject: 'Code {{code}}',
    body: 'Your {{product}} code is {{ code }}.',
    sms: 'SMS {{code}}',
  },
  'login-code': { subject: 'Login {{code}}', body: 'Login body {{code}}', sms: 'Login SMS {{code}}' },
});
write('tr', { 'register-code': { subject: 'Kod {{code}}', body: 'Kodunuz {{code}}' } });
write('ru-RU', {
  units: {
    minutes_one: '{{count}} минуту',
    minutes_few: '{{count}} минуты',
    minutes_many: '{{count}} минут',
    minutes_other: '{{count}} минуты',
  },
  'login-code': {
    subject: 'Код {{code}}',
    body: 'Код {{code}} действует {{minutes}}.',
    sms: 'Код {{code}}, {{minutes}}',
  },
});
write('tr-TUR', { 'register-code': { subject: 'TUR kod {{code}}' } });

describe('mail texts', () => {
  const texts = createMessageTexts(dir);
  const vars = { code: '123456', product: 'Gatehouse' };

  it('interpolates {{var}} and leaves unknown placeholders visible', () => {
    expect(interpolate('a {{x}} b {{ y }} {{z}}', { x: '1', y: '2' })).toBe('a 1 b 2 {{z}}');
  });

  it('falls back key by key: locale, language, en', async () => {
    await expect(texts.render('register-code', 'email', 'tr-TUR', vars)).resolves.toMatchObject({
      subject: 'TUR kod 123456',
      body: 'Kodunuz 123456',
    });
    await expect(texts.render('register-code', 'sms', 'tr-TUR', vars)).resolves.toEqual({
      subject: null,
      body: 'SMS 123456',
      html: null,
    });
    await expect(texts.render('login-code', 'email', 'tr', vars)).resolves.toMatchObject({
      subject: 'Login 123456',
      body: 'Login body 123456',
    });
    await expect(texts.render('register-code', 'email', 'de-DE', vars)).resolves.toMatchObject({
      subject: 'Code 123456',
      body: 'Your Gatehouse code is 123456.',
    });
  });

  it('never reads outside the locales folder', () => {
    expect(fallbackChain('../../etc')).toEqual(['en']);
    expect(fallbackChain('en')).toEqual(['en']);
    expect(fallbackChain('zh-HK')).toEqual(['zh-HK', 'zh', 'en']);
    expect(fallbackChain('tr-TUR')).toEqual(['tr-TR', 'tr-TUR', 'tr', 'en']);
    expect(fallbackChain('en-GB')).toEqual(['en', 'en-GB']);
  });

  it('shows durations in the plural form of the language', async () => {
    const body = async (locale: string, minutes: string) =>
      (await texts.render('login-code', 'email', locale, { ...vars, minutes })).body;
    expect(await body('ru-RU', '1')).toBe('Код 123456 действует 1 минуту.');
    expect(await body('ru-RU', '3')).toBe('Код 123456 действует 3 минуты.');
    expect(await body('ru-RU', '10')).toBe('Код 123456 действует 10 минут.');
    expect(await body('ru-RU', '21')).toBe('Код 123456 действует 21 минуту.');
    // A form the locale lacks falls back along the chain; a value that is not a count stays as given.
    const en = await texts.render('register-code', 'sms', 'en', { ...vars, minutes: '1' });
    expect(en.body).toBe('SMS 123456');
    expect((await texts.render('login-code', 'sms', 'ru-RU', { ...vars, minutes: 'soon' })).body).toBe(
      'Код 123456, soon',
    );
  });

  it('adds an HTML part to mail, in the locale’s direction, with the code set large', async () => {
    const mail = await texts.render('register-code', 'email', 'de-DE', vars);
    expect(mail.html).toContain('<html lang="de-DE" dir="ltr">');
    expect(mail.html).toMatch(/<strong[^>]*>123456<\/strong>/);
  });

  it('says which text is missing', async () => {
    await expect(texts.render('reset-code', 'email', 'en', vars)).rejects.toThrow(/reset-code\.subject/);
  });

  it('has every kind in English in the shipped mail.json (subject, body and sms)', async () => {
    const shipped = createMessageTexts(SERVER_LOCALES_DIR);
    const all = {
      code: '000000',
      link: 'https://example.test/x',
      minutes: '10',
      hours: '24',
      when: '2030-01-01 00:00 UTC',
      // A passkey's name (passkey-added, passkey-removed).
      name: 'Phone',
      time: '2030-01-01 00:00 UTC',
      device: 'Chrome 120, Windows 10',
      place: '203.0.113.9 (DE)',
      service: 'Telegram',
      product: 'P',
    };
    for (const kind of DELIVERY_KINDS) {
      const mail = await shipped.render(kind, 'email', 'en', all);
      const sms = await shipped.render(kind, 'sms', 'en', all);
      for (const text of [mail.subject ?? '', mail.body, sms.body]) expect(text, kind).not.toMatch(/\{\{/);
      for (const text of [mail.body, sms.body])
        expect(text, kind).not.toMatch(/\b(10|24) (minutes|hours) (minutes|hours)\b/);
    }
  });
});
