// Accessibility check with axe-core inside the real page. The source is evaluated through the DevTools
// protocol rather than added as a <script>, because the pages' CSP (rightly) forbids inline scripts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.x A and AA rules: the bar the spec's pages are held to. */
const defaultOptions: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  resultTypes: ['violations'],
};

export async function axeViolations(page: Page, options: RunOptions = defaultOptions): Promise<Result[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run: (o: unknown) => Promise<AxeResults> } }).axe.run(runOptions),
    options as unknown as Record<string, unknown>,
  );
  return results.violations;
}

/** Throws with a readable list (rule, impact, help, the offending elements) when axe finds violations. */
export async function expectNoAxeViolations(page: Page, options?: RunOptions): Promise<void> {
  const violations = await axeViolations(page, options);
  if (violations.length === 0) return;
  throw new Error(
    `axe found ${violations.length} violation(s) on ${page.url()}:\n${formatViolations(violations)}`,
  );
}

export function formatViolations(violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `    - ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`,
        )
        .join('\n');
      const more = violation.nodes.length > 5 ? `\n    … and ${violation.nodes.length - 5} more` : '';
      return `  • ${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n    ${violation.helpUrl}\n${nodes}${more}`;
    })
    .join('\n');
}
