import { textDirection } from '@gatehouse/contract';

/**
 * The HTML part of a mail: the plain-text part's own words, escaped, in paragraphs, with links
 * clickable and the one-time code set large, so a mail client that shows HTML shows nothing the
 * text part does not say. Inline styles only (mail clients drop <style> and classes), one table for
 * the width, `lang` and `dir` from the mail's locale so Arabic reads right to left.
 */
export interface MailHtmlInput {
  /** The rendered plain-text body. */
  text: string;
  /** The locale the texts came from (`ar-SA`): `lang` and `dir`. */
  locale: string;
  /** The one-time code, if the mail carries one: shown large where the text has it. */
  code?: string | undefined;
  /** The brand name for the heading. */
  product?: string | undefined;
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

// On escaped text: a URL ends before whitespace or an escaped quote or bracket.
const URL_IN_ESCAPED = /https?:\/\/[^\s<>"]+?(?=[.,;:!?)]?(?:\s|$|&lt;|&gt;|&quot;|&#39;))/g;

function paragraph(lines: string, code: string | undefined): string {
  let html = escapeHtml(lines).replace(
    URL_IN_ESCAPED,
    (url) => `<a href="${url}" style="color:#0b57d0;word-break:break-all">${url}</a>`,
  );
  if (code && /^[A-Za-z0-9-]{4,12}$/.test(code))
    html = html.replaceAll(
      code,
      `<strong style="font-size:24px;letter-spacing:4px;font-family:ui-monospace,Menlo,Consolas,monospace">${code}</strong>`,
    );
  return `<p style="margin:0 0 16px">${html.replaceAll('\n', '<br>')}</p>`;
}

export function mailHtml({ text, locale, code, product }: MailHtmlInput): string {
  const dir = textDirection(locale);
  const align = dir === 'rtl' ? 'right' : 'left';
  const body = text
    .split(/\n{2,}/)
    .filter((part) => part.trim() !== '')
    .map((part) => paragraph(part, code))
    .join('\n');
  const heading = product
    ? `<p style="margin:0 0 24px;font-size:20px;font-weight:700">${escapeHtml(product)}</p>\n`
    : '';
  return (
    `<!doctype html>\n<html lang="${escapeHtml(locale)}" dir="${dir}">\n<head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"></head>\n` +
    `<body style="margin:0;padding:24px 12px;background:#f4f5f7;color:#121214;` +
    `font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif">\n` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;` +
    `background:#fff;border-radius:8px"><tr><td style="padding:32px 28px;text-align:${align}">\n` +
    `${heading}${body}\n</td></tr></table>\n</body>\n</html>\n`
  );
}
