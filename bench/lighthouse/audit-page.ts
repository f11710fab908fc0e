// One Lighthouse run of one page in one form factor, reduced to the figures the bench reports.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse, { desktopConfig, generateReport, type Flags, type Result } from 'lighthouse';
import type { FormFactor, PageName } from './matrix.js';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** An audit of a category that did not pass, with a few of the elements or messages it names. */
export interface Finding {
  category: Category;
  id: string;
  title: string;
  examples: string[];
}

export interface Measurement {
  page: PageName;
  site: string;
  formFactor: FormFactor;
  /** 0–100 per category; null when Lighthouse could not score it (see `error`). */
  scores: Record<Category, number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  findings: Finding[];
  /** Why the run does not count: a Lighthouse runtime error, or the page went elsewhere. */
  error: string | null;
  /** The error is Lighthouse's own (worth a second try), not the page's. */
  runtimeError: boolean;
  warnings: string[];
}

export interface AuditTarget {
  page: PageName;
  site: string;
  formFactor: FormFactor;
  url: string;
  /** The Chromium (remote debugging port) to run in. */
  port: number;
  /** Writes the HTML report here when set. */
  reportFile?: string;
}

export async function auditPage(target: AuditTarget): Promise<Measurement> {
  const flags: Flags = {
    port: target.port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: [...CATEGORIES],
    // The bench reads figures, not pictures; the full-page screenshot costs seconds per run.
    disableFullPageScreenshot: true,
  };
  // Mobile: Lighthouse's defaults (Moto G Power emulation, simulated slow 4G, 4× CPU slowdown).
  // Desktop: its desktop preset (dense 4G, no CPU slowdown, 1350×940).
  const result = await lighthouse(
    target.url,
    flags,
    target.formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${target.url}`);
  if (target.reportFile) writeFileSync(target.reportFile, generateReport(result.lhr, 'html'));
  return measurement(target, result.lhr);
}

export function reportFileName(dir: string, target: Omit<AuditTarget, 'url' | 'port'>, run: number) {
  return join(dir, `${target.page}-${target.site}-${target.formFactor}-${run}.html`);
}

function measurement(target: AuditTarget, lhr: Result): Measurement {
  const score = (category: Category) => {
    const value = lhr.categories[category]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    return typeof value === 'number' ? value : null;
  };
  const expected = new URL(target.url);
  const landed = lhr.finalDisplayedUrl ? new URL(lhr.finalDisplayedUrl) : null;
  const wentElsewhere =
    landed && landed.pathname !== expected.pathname ? `the page went to ${landed.pathname}` : null;
  return {
    page: target.page,
    site: target.site,
    formFactor: target.formFactor,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    findings: findings(lhr),
    error: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : wentElsewhere,
    runtimeError: Boolean(lhr.runtimeError),
    warnings: lhr.runWarnings.map(String),
  };
}

/** Scored audits below full marks, per category (performance: its insights with savings). */
function findings(lhr: Result): Finding[] {
  const found: Finding[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
      // Performance metrics have their own columns; hidden ones (TTI, max potential FID) are not scored.
      if (category === 'performance' && (ref.group === 'metrics' || ref.group === 'hidden')) continue;
      found.push({ category, id: ref.id, title: audit.title, examples: examples(audit.details) });
    }
  }
  return found;
}

/**
 * Up to three things an audit names: an element (selector), a URL, a console message with where it
 * came from. Sections of structured details (a network tree) name nothing short: none.
 */
function examples(details: Result['audits'][string]['details']): string[] {
  if (!details || !('items' in details) || !Array.isArray(details.items)) return [];
  const out: string[] = [];
  for (const item of details.items.slice(0, 3)) {
    const record = item as Record<string, unknown>;
    if (record.type === 'list-section') continue;
    const node = record.node as { selector?: string; snippet?: string } | undefined;
    const location = record.sourceLocation as { url?: string } | undefined;
    const text =
      node?.selector ??
      node?.snippet ??
      (typeof record.url === 'string' ? record.url : undefined) ??
      (typeof record.description === 'string'
        ? `${record.description}${location?.url ? ` (${location.url})` : ''}`
        : undefined) ??
      (typeof record.reason === 'string' ? record.reason : undefined);
    if (text) out.push(text.length > 160 ? `${text.slice(0, 157)}…` : text);
  }
  return out;
}
