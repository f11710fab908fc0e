import fs from 'node:fs/promises';
import path from 'node:path';
import { translationLocale } from '@gatehouse/contract';
import type { DeliveryChannel, DeliveryKind } from './delivery-types.js';

/**
 * Mail and SMS texts come from the `mail` namespace of the web's locale files
 * (`{localesDir}/{lng}/mail.json`), so translators find every user-visible phrase in one place:
 *   { "register-code": { "subject": "…", "body": "…", "sms": "…" }, … }
 * A site locale reads its translation locale's file first (`tr-TUR` → `tr-TR`, as the web app does),
 * then its own, its language (`tr`), then `en`, key by key.
 */

export interface RenderedText {
  /** Null for SMS. */
  subject: string | null;
  body: string;
}

type KindTexts = Partial<Record<'subject' | 'body' | 'sms', string>>;
type MailNamespace = Partial<Record<string, KindTexts>>;

const FALLBACK = 'en';
// Locale codes only: nothing that could walk out of the locales folder.
const LOCALE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

/** `{{name}}` → value, as i18next does; an unknown placeholder is left visible rather than blanked. */
export function interpolate(text: string, vars: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (match, name: string) => vars[name] ?? match);
}

/** The locales to try, most specific first: `tr-TUR` → `tr-TR`, `tr-TUR`, `tr`, `en`. */
export function fallbackChain(locale: string): string[] {
  const chain = LOCALE.test(locale) ? [translationLocale(locale), locale, locale.split('-')[0] ?? ''] : [];
  return [...new Set([...chain.filter((l) => LOCALE.test(l)), FALLBACK])];
}

export interface MessageTexts {
  render(
    kind: DeliveryKind,
    channel: DeliveryChannel,
    locale: string,
    vars: Readonly<Record<string, string>>,
  ): Promise<RenderedText>;
}

/** Reads each locale's file once (a missing file counts as empty) and keeps it for the process. */
export function createMessageTexts(localesDir: string): MessageTexts {
  const files = new Map<string, Promise<MailNamespace>>();

  const load = (locale: string): Promise<MailNamespace> => {
    let file = files.get(locale);
    if (!file) {
      file = fs.readFile(path.join(localesDir, locale, 'mail.json'), 'utf8').then(
        (text) => JSON.parse(text) as MailNamespace,
        (err: NodeJS.ErrnoException) => {
          if (err.code === 'ENOENT') return {};
          throw err;
        },
      );
      files.set(locale, file);
    }
    return file;
  };

  const lookup = async (chain: string[], kind: DeliveryKind, field: keyof KindTexts): Promise<string> => {
    for (const locale of chain) {
      const text = (await load(locale))[kind]?.[field];
      if (typeof text === 'string' && text !== '') return text;
    }
    // Every kind has English texts (a test checks en/mail.json); reaching here is a bug.
    throw new Error(`mail text missing: ${kind}.${field} (${path.join(localesDir, FALLBACK, 'mail.json')})`);
  };

  return {
    async render(kind, channel, locale, vars) {
      const chain = fallbackChain(locale);
      if (channel === 'sms')
        return { subject: null, body: interpolate(await lookup(chain, kind, 'sms'), vars) };
      const [subject, body] = await Promise.all([
        lookup(chain, kind, 'subject'),
        lookup(chain, kind, 'body'),
      ]);
      return { subject: interpolate(subject, vars), body: interpolate(body, vars) };
    },
  };
}
