import fs from 'node:fs';
import path from 'node:path';
import { BOOTSTRAP_ELEMENT_ID, type PageBootstrap } from '@gatehouse/contract';
import { escapeHtml, inlineJson } from './bootstrap-json.js';

/** Used when WEB_DIST has no index.html (server tests, API-only runs): the same hooks, no app. */
export function builtInTemplate(brandName: string): string {
  return [
    '<!doctype html>',
    '<html lang="en" dir="ltr">',
    '<head>',
    '<meta charset="utf-8" />',
    '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    `<title>${escapeHtml(brandName)}</title>`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
    '</head>',
    '<body>',
    '<div id="root"></div>',
    '<noscript>This page needs JavaScript.</noscript>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** index.html of the built web app, or null when there is none. */
export function readDistIndex(webDist: string): string | null {
  try {
    return fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  } catch {
    return null;
  }
}

export interface PageFill {
  bootstrap: PageBootstrap;
  lang: string;
  dir: 'ltr' | 'rtl';
  /** Nonce for `<style>` elements injected at run time; null when CSP does not use one. */
  styleNonce: string | null;
  /** Further `<head>` tags (pages/page-head.ts: description, preloads), already escaped. */
  headTags?: string;
}

const HTML_TAG = /<html\b[^>]*>/i;
const HEAD_CLOSE = /<\/head\s*>/i;

/**
 * Put the request's facts into the page: `<html lang dir>`, the page's head tags, the nonce meta and the
 * bootstrap data block (not script: CSP without inline script still holds). Everything inserted is
 * escaped.
 */
export function fillTemplate(template: string, fill: PageFill): string {
  const htmlTag = `<html lang="${escapeHtml(fill.lang)}" dir="${fill.dir}">`;
  const nonceMeta = fill.styleNonce
    ? `<meta property="csp-nonce" nonce="${escapeHtml(fill.styleNonce)}" />\n`
    : '';
  const head = fill.headTags ?? '';
  const data = `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${inlineJson(fill.bootstrap)}</script>\n`;
  const withLang = HTML_TAG.test(template)
    ? template.replace(HTML_TAG, () => htmlTag)
    : `${htmlTag}${template}`;
  // A replacer function, so `$&`-style patterns in the inserted text are never interpreted.
  if (HEAD_CLOSE.test(withLang))
    return withLang.replace(HEAD_CLOSE, (close) => `${head}${nonceMeta}${data}${close}`);
  return `${withLang}${head}${nonceMeta}${data}`;
}
