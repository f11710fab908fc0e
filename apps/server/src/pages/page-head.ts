import { escapeHtml } from './bootstrap-json.js';

/** What the server adds to a page's `<head>` beyond the app's own index.html (issue 12). */
export interface PageHead {
  /** `<meta name="description">`; null leaves the page without one. */
  description: string | null;
  /** The route's JS chunks beyond the entry's (`/assets/…`), fetched beside the entry. */
  modules: readonly string[];
  /** The route's stylesheets beyond the entry's. */
  styles: readonly string[];
  /** Files the page fetches with `fetch()` at start (its translation files). */
  fetches: readonly string[];
}

/**
 * The tags, one a line. Each preload is exactly the request the page makes later, so the browser hands
 * the page the download under way instead of starting a second: module scripts and `fetch()` are CORS
 * requests with same-origin credentials, which is what `crossorigin` (anonymous) asks for. A stylesheet
 * is linked rather than preloaded: the page cannot render without it, and Vite's loader skips a
 * stylesheet already in the document.
 */
export function headTags(head: PageHead): string {
  const lines: string[] = [];
  if (head.description !== null)
    lines.push(`<meta name="description" content="${escapeHtml(head.description)}" />`);
  for (const href of head.modules)
    lines.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`);
  for (const href of head.styles)
    lines.push(`<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" />`);
  for (const href of head.fetches) {
    lines.push(`<link rel="preload" as="fetch" crossorigin href="${escapeHtml(href)}" />`);
  }
  return lines.map((line) => `${line}\n`).join('');
}
