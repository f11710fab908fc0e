import { describe, expect, it, vi } from 'vitest';
import { createI18n, fetchLocaleFile, type Resource, type ResourceFetcher } from './i18n';
import type { Namespace } from './namespaces';

const files: Record<string, Resource> = {
  'en/global': {
    hello: 'Hello {{name}}',
    only: 'English only',
    nested: { deep: 'Deep' },
    'flat.key': 'Flat',
  },
  'en/inverse': {
    title: 'Log in',
    code: { left_one: '{{count}} attempt left', left_other: '{{count}} attempts left' },
    noneYet_zero: 'No invitees yet',
    noneYet_one: 'One invitee',
    noneYet_other: '{{count}} invitees',
  },
  'ru-RU/inverse': {
    code: {
      left_one: 'Осталась {{count}} попытка',
      left_few: 'Осталось {{count}} попытки',
      left_many: 'Осталось {{count}} попыток',
      left_other: 'Осталось {{count}} попытки',
    },
  },
  'ar-SA/inverse': { code: { left_two: 'بقيت محاولتان', left_other: 'بقيت {{count}} محاولة' } },
  'de-DE/global': { hello: 'Hallo {{name}}', nested: { deep: 'Tief' } },
  'de-DE/inverse': { title: 'Anmelden' },
};

function stubFetcher() {
  return vi.fn<ResourceFetcher>(async (lng: string, ns: Namespace) => files[`${lng}/${ns}`] ?? {});
}

describe('createI18n', () => {
  it('picks the plural form of the language by count', async () => {
    const i18n = createI18n({ language: 'ru-RU', fetchResource: stubFetcher() });
    await i18n.loadNamespaces(['inverse']);
    const left = (count: number) => i18n.t('code.left', { ns: 'inverse', count });
    expect([1, 2, 5, 21, 22, 25, 11].map(left)).toEqual([
      'Осталась 1 попытка',
      'Осталось 2 попытки',
      'Осталось 5 попыток',
      'Осталась 21 попытка',
      'Осталось 22 попытки',
      'Осталось 25 попыток',
      'Осталось 11 попыток',
    ]);
    // A form the language lacks falls back to English's form for English's category.
    expect(i18n.t('noneYet', { ns: 'inverse', count: 0 })).toBe('No invitees yet');
    expect(i18n.t('noneYet', { ns: 'inverse', count: 1 })).toBe('One invitee');
  });

  it('formats the count for the language and uses _zero and _two where they exist', async () => {
    const en = createI18n({ language: 'en', fetchResource: stubFetcher() });
    await en.loadNamespaces(['inverse']);
    expect(en.t('code.left', { ns: 'inverse', count: 1 })).toBe('1 attempt left');
    expect(en.t('code.left', { ns: 'inverse', count: 1234 })).toBe('1,234 attempts left');
    expect(en.t('noneYet', { ns: 'inverse', count: 0 })).toBe('No invitees yet');
    const ar = createI18n({ language: 'ar-SA', fetchResource: stubFetcher() });
    await ar.loadNamespaces(['inverse']);
    expect(ar.t('code.left', { ns: 'inverse', count: 2 })).toBe('بقيت محاولتان');
    expect(ar.t('code.left', { ns: 'inverse', count: 3 })).toBe(
      `بقيت ${new Intl.NumberFormat('ar-SA').format(3)} محاولة`,
    );
  });

  it('translates with interpolation once a namespace is loaded', async () => {
    const i18n = createI18n({ language: 'de-DE', fetchResource: stubFetcher() });
    expect(i18n.hasLoaded('global')).toBe(false);
    await i18n.loadNamespaces(['global']);
    expect(i18n.hasLoaded('global')).toBe(true);
    expect(i18n.t('hello', { name: 'Ana' })).toBe('Hallo Ana');
  });

  it('falls back to the English file for a missing key, then to defaultValue, then to the key', async () => {
    const i18n = createI18n({ language: 'de-DE', fetchResource: stubFetcher() });
    await i18n.loadNamespaces(['global']);
    expect(i18n.t('only')).toBe('English only');
    expect(i18n.t('absent', { defaultValue: 'Default' })).toBe('Default');
    expect(i18n.t('absent')).toBe('absent');
  });

  it('falls back to English when the language file is missing or fails', async () => {
    const fetchResource = vi.fn<ResourceFetcher>(async (lng, ns) => {
      if (lng === 'xx-XX') throw new Error('offline');
      return files[`${lng}/${ns}`] ?? {};
    });
    const i18n = createI18n({ language: 'xx-XX', fetchResource });
    await i18n.loadNamespaces(['global']);
    expect(i18n.t('hello', { name: 'Bo' })).toBe('Hello Bo');
  });

  it('reads nested and flat dotted keys', async () => {
    const i18n = createI18n({ language: 'de-DE', fetchResource: stubFetcher() });
    await i18n.loadNamespaces(['global']);
    expect(i18n.t('nested.deep')).toBe('Tief');
    expect(i18n.t('flat.key')).toBe('Flat');
  });

  it('picks the namespace from ns:key or options.ns, and only for known namespaces', async () => {
    const i18n = createI18n({ language: 'de-DE', fetchResource: stubFetcher() });
    await i18n.loadNamespaces(['global', 'inverse']);
    expect(i18n.t('inverse:title')).toBe('Anmelden');
    expect(i18n.t('title', { ns: 'inverse' })).toBe('Anmelden');
    expect(i18n.t('code: 10006')).toBe('code: 10006');
  });

  it('fetches each file once, the language and English in parallel, with one pending promise', async () => {
    const fetchResource = stubFetcher();
    const i18n = createI18n({ language: 'de-DE', fetchResource });
    const first = i18n.loadNamespaces(['global']);
    expect(i18n.loadNamespaces(['global'])).toBe(first);
    expect(fetchResource).toHaveBeenCalledTimes(2);
    await first;
    await i18n.loadNamespaces(['global']);
    expect(fetchResource.mock.calls.map(([lng, ns]) => `${lng}/${ns}`).sort()).toEqual([
      'de-DE/global',
      'en/global',
    ]);
  });

  it('loads the namespaces in use before switching language, then notifies', async () => {
    const i18n = createI18n({ language: 'en', fetchResource: stubFetcher() });
    await i18n.loadNamespaces(['global', 'inverse']);
    const listener = vi.fn();
    i18n.subscribe(listener);
    const switching = i18n.changeLanguage('de-DE');
    expect(i18n.language).toBe('en');
    await switching;
    expect(i18n.language).toBe('de-DE');
    expect(i18n.hasLoaded('inverse')).toBe(true);
    expect(i18n.t('inverse:title')).toBe('Anmelden');
    expect(listener).toHaveBeenCalled();
  });

  it('lets the last requested language win when switches overlap', async () => {
    const i18n = createI18n({ language: 'en', fetchResource: stubFetcher() });
    await i18n.loadNamespaces(['global']);
    await Promise.all([i18n.changeLanguage('de-DE'), i18n.changeLanguage('en')]);
    expect(i18n.language).toBe('en');
  });
});

describe('fetchLocaleFile', () => {
  it('requests /locales/{lng}/{ns}.json and treats a 404 as an empty file', async () => {
    const fetchMock = vi.fn(async () => new Response('{"a":"b"}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchLocaleFile('pt-BR', 'inverse')).resolves.toEqual({ a: 'b' });
    expect(fetchMock).toHaveBeenCalledWith('/locales/pt-BR/inverse.json');
    fetchMock.mockResolvedValueOnce(new Response('nope', { status: 404 }));
    await expect(fetchLocaleFile('pt-BR', 'inverse')).resolves.toEqual({});
    vi.unstubAllGlobals();
  });
});
