import fs from 'node:fs/promises';
import path from 'node:path';
import { pluralKeys, translationLocale } from '@gatehouse/contract';
import { mailHtml } from './mail-html.js';
import type { DeliveryChannel, DeliveryKind } from './delivery-types.js';

/**
 * Mail and SMS texts are the server's own phrases: `{textsDir}/{lng}/mail.json` (MAIL_TEXTS_DIR,
 * by default apps/server/locales), one entry per kind, and the plural units they show:
 *   { "units": { "minutes_one": "{{count}} minute", … },
 *     "register-code": { "subject": "…", "body": "…", "sms": "…" }, … }
 * A site locale reads its translation locale's file first (`tr-TUR` → `tr-TR`, as the web app does),
 * then its own, its language (`tr`), then `en`, key by key.
 *
 * `{{minutes}}` and `{{hours}}` are durations: a caller passes the number, the text shows the unit
 * phrase in the plural form of the language (`units.minutes_few`: "{{count}} минуты"), picked with
 * the contract's plural keys as the web app picks its own.
 */

export interface RenderedText {
  /** Null for SMS. */
  subject: string | null;
  /** The plain-text part of a mail, or the SMS. */
  body: string;
  /** The HTML part of a mail (the same words, `mail-html.ts`); null for SMS. */
  html: string | null;
}

type KindTexts = Partial<Record<'subject' | 'body' | 'sms', string>>;
type MailNamespace = Partial<Record<string, KindTexts>> & { units?: Partial<Record<string, string>> };

/** Variables that hold a number of a unit, shown through `units.{name}_{plural form}`. */
export const DURATION_VARS = ['minutes', 'hours'] as const;

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
export function createMessageTexts(textsDir: string): MessageTexts {
  const files = new Map<string, Promise<MailNamespace>>();

  const load = (locale: string): Promise<MailNamespace> => {
    let file = files.get(locale);
    if (!file) {
      file = fs.readFile(path.join(textsDir, locale, 'mail.json'), 'utf8').then(
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
    throw new Error(`mail text missing: ${kind}.${field} (${path.join(textsDir, FALLBACK, 'mail.json')})`);
  };

  /** "10" minutes → "10 minutes" / "10 минут": the first locale of the chain with a form for it. */
  const duration = async (chain: string[], unit: string, value: string): Promise<string> => {
    const count = Number(value);
    if (!/^\d{1,9}(?:\.\d{1,3})?$/.test(value)) return value;
    for (const locale of chain) {
      const units = (await load(locale)).units ?? {};
      for (const key of pluralKeys(unit, locale, count)) {
        const text = units[key];
        if (typeof text === 'string' && text !== '')
          return interpolate(text, { count: formatNumber(locale, count) });
      }
    }
    return value;
  };

  return {
    async render(kind, channel, locale, vars) {
      const chain = fallbackChain(locale);
      const filled: Record<string, string> = { ...vars };
      for (const unit of DURATION_VARS) {
        const value = vars[unit];
        if (value !== undefined) filled[unit] = await duration(chain, unit, value);
      }
      if (channel === 'sms')
        return { subject: null, body: interpolate(await lookup(chain, kind, 'sms'), filled), html: null };
      const [subject, body] = await Promise.all([
        lookup(chain, kind, 'subject'),
        lookup(chain, kind, 'body'),
      ]);
      const text = interpolate(body, filled);
      return {
        subject: interpolate(subject, filled),
        body: text,
        html: mailHtml({ text, locale: chain[0] ?? FALLBACK, code: vars.code, product: vars.product }),
      };
    },
  };
}

function formatNumber(locale: string, count: number): string {
  try {
    return new Intl.NumberFormat(locale).format(count);
  } catch {
    return String(count);
  }
}
