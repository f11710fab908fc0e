/* global window, document, MutationObserver -- the callbacks of page.evaluate run in the page */
// `npm run bench:web`: what Chromium downloads before each auth page is interactive (JS + CSS, gzip and
// brotli), against a bare React page built by the same Vite and loaded the same way. Fails when login,
// sign-up or OAuth consent exceeds its budget, or when a page logs a console error.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';
import { build } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const webDist = join(root, 'apps/web/dist');
const bareOut = join(root, 'bench/.out/bare');
const budget = 1.25;
const password = 'bench web password 42';

/**
 * A phone on a slow mobile network (Lighthouse's "slow 4G": 150 ms round trip, 1.6 Mbit/s down), so the
 * `ready` column shows what a waterfall costs. Bytes do not depend on it; the gate is on bytes only.
 */
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };

/**
 * @typedef {{ name: string, url: string, ready: string, gated: boolean, check?: (page: import('playwright-core').Page) => Promise<void>,
 *   firstUse?: string }} Target
 * @typedef {{ name: string, files: string[], raw: number, gz: number, br: number, readyMs: number | null, note: string }} Row
 * @typedef {{ name: string, startTime: number }} Entry
 */

/** @type {typeof import('../../e2e/support/server-process.js')} */
const serverProcess = await tsImport('../../e2e/support/server-process.ts', import.meta.url);
/** @type {typeof import('../../apps/web/src/lib/auth/encrypt-password.js')} */
const { encryptPassword } = await tsImport(
  '../../apps/web/src/lib/auth/encrypt-password.ts',
  import.meta.url,
);

// The server runs from its build: the contract and the server when stale (the repository's own build
// steps, scripts/lib/workspace.mjs), the web app always (it is what is measured).
const stale = spawnSync(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    "const w = await import('./scripts/lib/workspace.mjs'); w.buildStale(w.buildSteps.filter((s) => s.workspace !== 'apps/web'));",
  ],
  { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
);
if (stale.status !== 0) {
  console.error('bench:web: building the contract or the server failed');
  process.exit(1);
}
console.log('building apps/web …');
const web = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (web.status !== 0) {
  console.error('bench:web: the web build failed');
  process.exit(1);
}

console.log('building the bare React page …');
await build({
  configFile: false,
  root: join(here, 'bare'),
  logLevel: 'warn',
  // The same output settings as apps/web/vite.config.ts, so the comparison is like for like.
  build: {
    outDir: bareOut,
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    target: 'es2022',
    sourcemap: false,
  },
});

const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-web-'));
const bareServer = await serveStatic(bareOut);
const server = await serverProcess.startBuiltServer({
  env: {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    // The consent page needs an account; the bench signs one up through the API, without a browser.
    CAPTCHA_ENABLED: 'false',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const browser = await chromium.launch({
  executablePath: chromePath(),
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
});

/** @type {string[]} */
const consoleErrors = [];
/** @type {Row[]} */
const rows = [];
let bare;
try {
  const base = server.baseUrl;
  /** @type {Target[]} */
  const targets = [
    {
      name: 'login',
      url: `${base}/en/login`,
      ready: 'main form button[type="submit"]',
      gated: true,
      firstUse: 'main form input',
    },
    {
      name: 'sign-up',
      url: `${base}/en/register`,
      // Usable when a country of residence can be chosen, not only when the button is there.
      ready: 'main form select[name="residence_country"]:not([disabled])',
      gated: true,
    },
    {
      name: 'OAuth consent',
      url: `${base}/en/oauth-authorized?${consentQuery(server.port)}`,
      // The consent view's buttons; the checking and problem views have none or only "try again".
      ready: 'main .gh-oauth-actions button:not([disabled])',
      gated: true,
      check: async (page) => {
        const accept = page.getByRole('main').getByRole('button', { name: 'Accept', exact: true });
        if (!(await accept.isVisible())) throw new Error('the consent page shows no Accept button');
      },
    },
  ];

  bare = await measurePage(
    { name: 'bare React', url: `${bareServer.url}/`, ready: 'h1', gated: false },
    bareOut,
    null,
  );
  rows.push(bare);
  const cookies = await signedUpCookies(base);
  for (const target of targets) {
    const session = target.name === 'OAuth consent' ? cookies : null;
    rows.push(await measurePage(target, webDist, session));
    if (target.firstUse) rows.push(await measureFirstUse(target, webDist));
  }
} finally {
  await browser.close();
  await server.stop();
  bareServer.close();
  rmSync(dataDir, { recursive: true, force: true });
}

if (!bare) throw new Error('unreachable');
printTable(rows, bare);
// `--files`: which files each row counted.
if (process.argv.includes('--files')) {
  for (const row of rows) console.log(`\n${row.name}:\n  ${row.files.join('\n  ')}`);
}

let failed = false;
for (const row of rows) {
  if (!row.note.includes('gated')) continue;
  const ratio = row.gz / bare.gz;
  const within = ratio <= budget;
  failed ||= !within;
  console.log(
    `bench:web ${row.name} ${ratio.toFixed(2)}x bare (budget ${budget.toFixed(2)}x)${within ? '' : ' — OVER BUDGET'}`,
  );
}
if (consoleErrors.length > 0) {
  failed = true;
  console.log(`\nbench:web console errors (${consoleErrors.length}):\n  ${consoleErrors.join('\n  ')}`);
}
process.exit(failed ? 1 : 0);

/**
 * Opens `target` in a fresh browser (empty cache) on the throttled network and counts the JS and CSS
 * whose download started before the page was interactive: the moment its `ready` element was in the
 * DOM and enabled (recorded in the page by a MutationObserver, on the same clock as Resource Timing).
 * @param {Target} target @param {string} dist
 * @param {import('playwright-core').Cookie[] | null} cookies
 * @returns {Promise<Row>}
 */
async function measurePage(target, dist, cookies) {
  const context = await browser.newContext({ locale: 'en-US' });
  try {
    if (cookies) await context.addCookies(cookies);
    const page = await openThrottled(context, target);
    const readyAt = await page.evaluate(
      () => /** @type {{ benchReady?: number }} */ (window).benchReady ?? -1,
    );
    await target.check?.(page);
    const entries = await settledResources(page);
    const before = entries.filter((entry) => entry.startTime <= readyAt).map((entry) => entry.name);
    const row = measureFiles(target.name, dist, before, Math.round(readyAt), target.gated ? 'gated' : '');
    const later = entries.length - before.length;
    if (later > 0) row.note += `${row.note ? '; ' : ''}+${later} later`;
    return row;
  } finally {
    await context.close();
  }
}

/**
 * What the first use adds: after the page is interactive, focus its form and count every JS and CSS
 * file downloaded once the network is quiet (informational: the budget holds for the page load).
 * @param {Target} target @param {string} dist @returns {Promise<Row>}
 */
async function measureFirstUse(target, dist) {
  const context = await browser.newContext({ locale: 'en-US' });
  try {
    const page = await openThrottled(context, target);
    await page
      .locator(target.firstUse ?? 'input')
      .first()
      .focus();
    const entries = await settledResources(page);
    return measureFiles(
      `${target.name}, first use`,
      dist,
      entries.map((entry) => entry.name),
      null,
      'focus, then quiet',
    );
  } finally {
    await context.close();
  }
}

/**
 * @param {import('playwright-core').BrowserContext} context @param {Target} target
 * @returns {Promise<import('playwright-core').Page>}
 */
async function openThrottled(context, target) {
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${target.name}: ${message.text()}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`${target.name}: ${error.message}`));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await page.addInitScript((selector) => {
    const marked = /** @type {{ benchReady?: number }} */ (window);
    const observer = new MutationObserver(() => {
      const element = document.querySelector(selector);
      if (!element || element.matches(':disabled')) return;
      marked.benchReady = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true });
  }, target.ready);
  await page.goto(target.url);
  await page.waitForFunction(
    () => /** @type {{ benchReady?: number }} */ (window).benchReady !== undefined,
    null,
    {
      timeout: 30_000,
    },
  );
  return page;
}

/**
 * JS and CSS the page fetched, once no new one has started for a second (at most 15 s).
 * @param {import('playwright-core').Page} page @returns {Promise<Entry[]>}
 */
async function settledResources(page) {
  const read = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => ({ name: new URL(entry.name).pathname, startTime: entry.startTime }))
        .filter((entry) => /\.(?:js|mjs|css)$/.test(entry.name)),
    );
  let entries = await read();
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    await page.waitForTimeout(1000);
    const next = await read();
    if (next.length === entries.length) break;
    entries = next;
  }
  return entries;
}

/**
 * Each file is its own response, so each is compressed on its own, as the server's precompressed copies.
 * @param {string} name @param {string} dist @param {string[]} paths @param {number | null} readyMs
 * @param {string} note @returns {Row}
 */
function measureFiles(name, dist, paths, readyMs, note) {
  const files = [...new Set(paths)];
  const row = { name, files, raw: 0, gz: 0, br: 0, readyMs, note };
  for (const file of files) {
    const source = readFileSync(join(dist, normalize(file)));
    row.raw += source.length;
    row.gz += gzipSync(source, { level: 9 }).length;
    row.br += brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }).length;
  }
  return row;
}

/**
 * Signs an account up through the API (the same calls the sign-up page makes) and returns the session
 * cookies its last step set, for the consent page.
 * @param {string} base @returns {Promise<import('playwright-core').Cookie[]>}
 */
async function signedUpCookies(base) {
  const context = await browser.newContext({ locale: 'en-US' });
  try {
    const guid = randomUUID();
    const headers = { platform: 'pc', guid, 'tx-id': guid };
    /** @param {string} path @param {unknown} data */
    const post = async (path, data) => {
      const response = await context.request.post(`${base}/x-api${path}`, { data, headers });
      const envelope =
        /** @type {{ ret_code: number, ret_msg: string, result: Record<string, unknown> | null }} */ (
          await response.json()
        );
      if (envelope.ret_code !== 0)
        throw new Error(`sign-up ${path}: ${envelope.ret_code} ${envelope.ret_msg}`);
      return envelope.result ?? {};
    };
    const email = `bench-web-${Date.now()}@example.com`;
    const info = await post('/user/public/register/info', { email, verify_type: 'code' });
    const outbox = /** @type {{ messages: { code: string | null }[] }} */ (
      await (await context.request.get(`${base}/dev/outbox.json?to=${encodeURIComponent(email)}`)).json()
    );
    const code = outbox.messages[0]?.code;
    if (!code) throw new Error('no sign-up code in the outbox');
    await post('/user/public/register/verify', { uuid: info.uuid, code });
    const html = await (await context.request.get(`${base}/en/login`)).text();
    const json = /<script type="application\/json" id="gh-bootstrap">([\s\S]*?)<\/script>/.exec(html)?.[1];
    const key = json ? /** @type {{ passwordKey?: string }} */ (JSON.parse(json)).passwordKey : undefined;
    if (!key) throw new Error('the login page carries no password key');
    await post('/user/public/register/password', {
      uuid: info.uuid,
      ...(await encryptPassword(password, key)),
    });
    return await context.cookies();
  } finally {
    await context.close();
  }
}

/** An authorization request of the seeded demo client (apps/server/src/dev/oauth-demo). @param {number} port */
function consentQuery(port) {
  return new URLSearchParams({
    client_id: 'gatehouse-demo',
    redirect_uri: `http://localhost:${port}/dev/oauth-demo/callback`,
    response_type: 'code',
    scope: 'profile',
    state: 'bench',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  }).toString();
}

/**
 * Serves the bare page's build as a static site, compressed as the Gatehouse server serves its own
 * (brotli when asked), so the `ready` columns compare like for like. @param {string} dir
 */
function serveStatic(dir) {
  /** @type {Record<string, string>} */
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  /** @type {Map<string, Buffer>} */
  const compressed = new Map();
  const http = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://bare').pathname;
    const file = join(dir, normalize(path === '/' ? '/index.html' : path));
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const body = readFileSync(file);
    const brotli = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, {
      'content-type': types[extname(file)] ?? 'application/octet-stream',
      ...(brotli ? { 'content-encoding': 'br' } : {}),
    });
    let packed = compressed.get(file);
    if (brotli && !packed) compressed.set(file, (packed = brotliCompressSync(body)));
    res.end(brotli ? packed : body);
  });
  return new Promise((resolveServer) => {
    http.listen(0, '127.0.0.1', () => {
      const address = http.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolveServer({ url: `http://127.0.0.1:${port}`, close: () => http.close() });
    });
  });
}

/** Debian's Chromium, as the browser tests find it (e2e/support/browser.ts). */
function chromePath() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  const found = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(existsSync);
  if (!found) throw new Error('Chromium not found: set CHROME_PATH');
  return found;
}

/** @param {Row[]} table @param {Row} baseline */
function printTable(table, baseline) {
  const kb = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);
  const head = ['page', 'files', 'raw KB', 'gz KB', 'br KB', 'gz ×bare', 'br ×bare', 'ready ms', 'note'];
  const body = table.map((row) => [
    row.name,
    String(row.files.length),
    kb(row.raw),
    kb(row.gz),
    kb(row.br),
    `${(row.gz / baseline.gz).toFixed(2)}x`,
    `${(row.br / baseline.br).toFixed(2)}x`,
    row.readyMs === null ? '—' : String(row.readyMs),
    row.note || '—',
  ]);
  const widths = head.map((title, i) =>
    Math.max(title.length, ...body.map((cells) => (cells[i] ?? '').length)),
  );
  const line = (/** @type {string[]} */ cells) =>
    cells
      .map((cell, i) => (i === 0 || i === 8 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log(`\n${line(head)}\n${widths.map((w) => '─'.repeat(w)).join('  ')}`);
  for (const cells of body) console.log(line(cells));
  console.log(
    `\nbudget: each gated page's JS + CSS requested before it is interactive, gz ≤ ${budget}x the bare React page (${kb(baseline.gz * budget)} KB gz)`,
  );
}
