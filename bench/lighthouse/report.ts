// The bench's output: one row per page × site × form factor (the median of each column over the
// runs), the goals of issue 12 next to each row, and what Lighthouse found below full marks.
import { CATEGORIES, type Category, type Finding, type Measurement } from './audit-page.js';

/** Issue 12's goals. SEO is printed for information only. */
export const GOALS = {
  scores: ['performance', 'accessibility', 'best-practices'] as Category[],
  mobileLcpMs: 1500,
  mobileTbtMs: 0,
  mobileCls: 0,
};

export interface Row {
  page: string;
  site: string;
  formFactor: string;
  runs: number;
  scores: Record<Category, number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** Runs that did not count, with why. */
  errors: string[];
  misses: string[];
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? null) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Groups the runs of each page × site × form factor (in first-seen order) into one median row. */
export function medianRows(measurements: readonly Measurement[]): Row[] {
  const groups = new Map<string, Measurement[]>();
  for (const m of measurements) {
    const key = `${m.page}|${m.site}|${m.formFactor}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  return [...groups.values()].map((runs) => {
    const first = runs[0];
    if (!first) throw new Error('unreachable: empty group');
    const valid = runs.filter((m) => m.error === null);
    const of = (pick: (m: Measurement) => number | null) =>
      median(valid.map(pick).filter((v): v is number => v !== null));
    const scores = Object.fromEntries(
      CATEGORIES.map((category) => [category, of((m) => m.scores[category])]),
    ) as Record<Category, number | null>;
    const row: Row = {
      page: first.page,
      site: first.site,
      formFactor: first.formFactor,
      runs: valid.length,
      scores,
      lcpMs: of((m) => m.lcpMs),
      tbtMs: of((m) => m.tbtMs),
      cls: of((m) => m.cls),
      errors: runs.flatMap((m) => (m.error ? [m.error] : [])),
      misses: [],
    };
    row.misses = goalMisses(row);
    return row;
  });
}

function goalMisses(row: Row): string[] {
  if (row.runs === 0) return ['no valid run'];
  const misses: string[] = [];
  for (const category of GOALS.scores) {
    const value = row.scores[category];
    if (value === null || Math.round(value) < 100) misses.push(`${short(category)} ${scoreText(value)}`);
  }
  if (row.formFactor === 'mobile') {
    if (row.lcpMs === null || row.lcpMs > GOALS.mobileLcpMs) misses.push(`LCP ${seconds(row.lcpMs)}`);
    if (row.tbtMs === null || Math.round(row.tbtMs) > GOALS.mobileTbtMs) misses.push(`TBT ${ms(row.tbtMs)}`);
    if (row.cls === null || roundCls(row.cls) > GOALS.mobileCls) misses.push(`CLS ${clsText(row.cls)}`);
  }
  return misses;
}

export function printTable(rows: readonly Row[], runs: number): void {
  const head = ['page', 'site', 'form', 'perf', 'a11y', 'best-pr', 'seo*', 'LCP', 'TBT', 'CLS', 'goals'];
  const body = rows.map((row) => [
    row.page,
    row.site,
    row.formFactor,
    scoreText(row.scores.performance),
    scoreText(row.scores.accessibility),
    scoreText(row.scores['best-practices']),
    scoreText(row.scores.seo),
    seconds(row.lcpMs),
    ms(row.tbtMs),
    clsText(row.cls),
    row.misses.length === 0 ? 'met' : `missed: ${row.misses.join(', ')}`,
  ]);
  const widths = head.map((title, i) =>
    Math.max(title.length, ...body.map((cells) => (cells[i] ?? '').length)),
  );
  const left = new Set([0, 1, 2, 10]);
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (left.has(i) ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  console.log(
    `\n${runs > 1 ? `medians of ${runs} runs (each column on its own)` : 'one run (use --runs=3 or more for medians)'}`,
  );
  console.log(`${line(head)}\n${widths.map((w) => '─'.repeat(w)).join('  ')}`);
  for (const cells of body) console.log(line(cells));
  console.log(
    `\ngoals (issue 12): performance, accessibility and best practices 100 on every row; on mobile also` +
      ` LCP ≤ ${GOALS.mobileLcpMs / 1000} s, TBT ${GOALS.mobileTbtMs} ms, CLS ${GOALS.mobileCls}.` +
      ' * SEO is informative. Mobile: simulated slow 4G and 4× CPU slowdown; desktop: Lighthouse’s desktop preset.',
  );
  for (const row of rows) {
    for (const error of new Set(row.errors)) {
      console.log(`  ! ${row.page} ${row.site} ${row.formFactor}: a run did not count: ${error}`);
    }
  }
}

/** Each audit below full marks once, with the rows it failed on and a few of the elements it names. */
export function printFindings(measurements: readonly Measurement[]): void {
  const byAudit = new Map<string, { finding: Finding; where: Set<string>; examples: Set<string> }>();
  for (const m of measurements) {
    for (const finding of m.findings) {
      const key = `${finding.category}|${finding.id}`;
      const entry = byAudit.get(key) ?? { finding, where: new Set<string>(), examples: new Set<string>() };
      entry.where.add(`${m.page}/${m.site}/${m.formFactor}`);
      for (const example of finding.examples) entry.examples.add(example);
      byAudit.set(key, entry);
    }
  }
  if (byAudit.size === 0) {
    console.log('\nfindings: none (every scored audit at full marks)');
    return;
  }
  console.log('\nfindings (scored audits below full marks; performance: insights with possible savings):');
  for (const category of CATEGORIES) {
    const entries = [...byAudit.values()].filter((e) => e.finding.category === category);
    if (entries.length === 0) continue;
    console.log(`  ${category}`);
    for (const { finding, where, examples } of entries) {
      console.log(`    ${finding.id}: ${finding.title}`);
      console.log(`      on ${[...where].join(', ')}`);
      for (const example of [...examples].slice(0, 3)) console.log(`      · ${example}`);
    }
  }
}

export function printWarnings(measurements: readonly Measurement[]): void {
  const warnings = new Set(measurements.flatMap((m) => m.warnings));
  for (const warning of warnings) console.log(`lighthouse warning: ${warning}`);
}

function short(category: Category): string {
  return { performance: 'perf', accessibility: 'a11y', 'best-practices': 'best-pr', seo: 'seo' }[category];
}

function scoreText(value: number | null): string {
  return value === null ? '—' : String(Math.round(value));
}

function seconds(valueMs: number | null): string {
  return valueMs === null ? '—' : `${(valueMs / 1000).toFixed(2)} s`;
}

function ms(value: number | null): string {
  return value === null ? '—' : `${Math.round(value)} ms`;
}

/** CLS as Lighthouse shows it (3 decimals), so a shift too small to show does not count as one. */
function roundCls(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function clsText(value: number | null): string {
  return value === null ? '—' : roundCls(value).toFixed(3);
}
