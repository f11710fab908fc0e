// `npm run bench:lighthouse`: Lighthouse scores and LCP, TBT, CLS of the login, sign-up and OAuth
// consent pages on the global, EU, UAE (Arabic) and Japan sites, mobile and desktop (issue 12).
//
// Offline: the built server (`npm run build` first) on a throw-away store, Debian's Chromium, every
// site on one port by host name (`*.localhost`). Prints; fails only with --gate.
//
//   --runs=N            runs per page (default 1; the table then shows each column's median)
//   --sites=global,eu   some of global, eu, ae, jp (default all)
//   --pages=login       some of login, sign-up, consent (default all)
//   --form-factors=mobile   mobile and/or desktop (default both)
//   --out=DIR           also write each run's HTML report there
//   --gate              exit 1 when a row misses a goal or a run did not count
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import type { Cookie } from 'playwright-core';
import { repoRoot, startBuiltServer, type RunningServer } from '../../e2e/support/server-process.js';
import { auditPage, reportFileName, type Measurement } from './audit-page.js';
import { FORM_FACTORS, PAGES, SITES, pageUrl, pick, type BenchSite } from './matrix.js';
import { medianRows, printFindings, printTable, printWarnings } from './report.js';
import { addCookies, signUpSessions } from './sign-up-session.js';

const options = readOptions();
const { args, runs, sites, pages, formFactors } = options;
const outDir = args.out ? resolve(args.out) : undefined;
if (outDir) mkdirSync(outDir, { recursive: true });

// The bench measures what users get: the built server and web app. It builds nothing itself.
const missing = ['apps/server/dist/server.js', 'apps/web/dist/index.html'].filter(
  (file) => !existsSync(join(repoRoot, file)),
);
if (missing.length > 0) {
  console.error(`bench:lighthouse: ${missing.join(' and ')} missing: run \`npm run build\` first.`);
  process.exit(2);
}

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromePath)) {
  console.error(`bench:lighthouse: no Chromium at ${chromePath}: install it or set CHROME_PATH.`);
  process.exit(2);
}
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const total = runs * sites.length * pages.length * formFactors.length;
console.log(
  `bench:lighthouse  ${sites.map((s) => s.name).join(', ')} × ${pages.join(', ')} × ${formFactors.join(', ')}` +
    ` × ${runs} run(s) = ${total} audits (10–20 s each on 2 cores)`,
);

const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-lighthouse-'));
const logFile = join(dataDir, 'server.log');
let server: RunningServer | undefined;
const measurements: Measurement[] = [];
try {
  server = await startBuiltServer({
    env: {
      // `test`: production's pages and assets, quiet logs, and the development tools the consent
      // page's set-up needs (the seeded demo OAuth client, the outbox for the sign-up code).
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      // The captcha stays on as in production (the pages load its configuration); only its proof of
      // work is cheap, for the bench's own sign-ups (e2e/support/server-process.ts).
      CAPTCHA_ENABLED: '1',
      CAPTCHA_ALTCHA_COST: '1',
      CAPTCHA_ALTCHA_MAX_COUNTER: '50',
      // Every page load comes from 127.0.0.1: the per-address baseline limit would count the whole
      // bench as one visitor.
      RATE_LIMIT_MAX: '100000',
    },
    stdio: ['ignore', openSync(logFile, 'a'), openSync(logFile, 'a')],
  });
  const port = server.port;
  const sessions = pages.includes('consent')
    ? await signUpSessions(
        sites,
        port,
        chromePath,
        chromeFlags.filter((flag) => !flag.startsWith('--headless')),
      )
    : new Map<string, Cookie[]>();

  let done = 0;
  for (let run = 1; run <= runs; run++) {
    for (const site of sites) {
      for (const page of pages) {
        for (const formFactor of formFactors) {
          const target = { page, site: site.name, formFactor };
          // A fresh browser and profile per audit: every load is a first visit (no cookies, storage,
          // cache, or favicon Chromium already asked that host for), but for the consent page's
          // session cookies.
          const audit = () =>
            withFreshChrome(async (debuggingPort) => {
              if (page === 'consent') await addCookies(debuggingPort, sessionOf(sessions, site));
              return auditPage({
                ...target,
                url: pageUrl(site, page, port),
                port: debuggingPort,
                ...(outDir ? { reportFile: reportFileName(outDir, target, run) } : {}),
              });
            });
          let m = await audit();
          // Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): once more.
          if (m.runtimeError) {
            console.log(`[${done + 1}/${total}] ${page} ${site.name} ${formFactor}: ${m.error}; once more`);
            m = await audit();
          }
          measurements.push(m);
          done++;
          console.log(`[${done}/${total}] ${progressLine(m)}`);
        }
      }
    }
  }
} catch (error) {
  console.error(`bench:lighthouse failed: ${(error as Error).stack ?? String(error)}`);
  if (existsSync(logFile)) {
    console.error(
      `--- server output (last lines) ---\n${readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n')}`,
    );
  }
  process.exitCode = 1;
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

if (measurements.length > 0) {
  const rows = medianRows(measurements);
  printTable(rows, runs);
  printFindings(measurements);
  printWarnings(measurements);
  if (outDir) console.log(`\nHTML reports: ${outDir}`);
  const missed = rows.filter((row) => row.misses.length > 0 || row.errors.length > 0);
  console.log(
    `\nbench:lighthouse ${rows.length - missed.length}/${rows.length} rows meet the goals` +
      (args.gate ? ' (--gate)' : ' (informative; --gate fails on a miss)'),
  );
  if (args.gate && missed.length > 0) process.exitCode = 1;
}

/** The command line, or a usage line and exit 2 when it is wrong (an unknown option, site or page). */
function readOptions() {
  try {
    const { values } = parseArgs({
      options: {
        runs: { type: 'string', default: '1' },
        sites: { type: 'string' },
        pages: { type: 'string' },
        'form-factors': { type: 'string' },
        out: { type: 'string' },
        gate: { type: 'boolean', default: false },
      },
    });
    const count = Number(values.runs);
    if (!Number.isInteger(count) || count < 1) {
      throw new Error(`--runs must be a whole number ≥ 1, not ${values.runs}`);
    }
    return {
      args: values,
      runs: count,
      sites: pick(SITES, (s) => s.name, values.sites),
      pages: pick(PAGES, (p) => p, values.pages),
      formFactors: pick(FORM_FACTORS, (f) => f, values['form-factors']),
    };
  } catch (error) {
    console.error(`bench:lighthouse: ${(error as Error).message}`);
    console.error(
      'usage: npm run bench:lighthouse -- [--runs=N] [--sites=global,eu,ae,jp] [--pages=login,sign-up,consent]' +
        ' [--form-factors=mobile,desktop] [--out=DIR] [--gate]',
    );
    process.exit(2);
  }
}

async function withFreshChrome<T>(use: (debuggingPort: number) => Promise<T>): Promise<T> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: 'silent' });
  try {
    return await use(chrome.port);
  } finally {
    chrome.kill();
  }
}

function sessionOf(sessions: Map<string, Cookie[]>, site: BenchSite): Cookie[] {
  const cookies = sessions.get(site.name);
  if (!cookies) throw new Error(`unreachable: no session for ${site.name}`);
  return cookies;
}

function progressLine(m: Measurement): string {
  const s = m.scores;
  const metrics =
    `LCP ${m.lcpMs === null ? '—' : `${(m.lcpMs / 1000).toFixed(2)} s`}` +
    ` TBT ${m.tbtMs === null ? '—' : `${Math.round(m.tbtMs)} ms`}` +
    ` CLS ${m.cls === null ? '—' : m.cls.toFixed(3)}`;
  const base = `${m.page} ${m.site} ${m.formFactor}: perf ${s.performance ?? '—'} a11y ${s.accessibility ?? '—'} best-pr ${s['best-practices'] ?? '—'} seo ${s.seo ?? '—'}  ${metrics}`;
  return m.error ? `${base}  (does not count: ${m.error})` : base;
}
