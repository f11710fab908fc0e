// `npm run bench:web`: what each key route makes the browser download (JS + CSS, gzip and brotli),
// against a bare React page built by the same Vite. Fails when login exceeds its budget.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const webDist = join(root, 'apps/web/dist');
const bareOut = join(root, 'bench/.out/bare');
const budget = 1.25;

/**
 * @typedef {{ file: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean,
 *   imports?: string[], dynamicImports?: string[], css?: string[] }} ManifestChunk
 * @typedef {Record<string, ManifestChunk>} Manifest
 * @typedef {{ name: string, files: string[], raw: number, gz: number, br: number, note: string }} Row
 */

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
    manifest: true,
    modulePreload: { polyfill: false },
    target: 'es2022',
    sourcemap: false,
  },
});

const webManifest = readManifest(webDist);
const bareManifest = readManifest(bareOut);

const bare = measure('bare React', bareOut, entryClosure(bareManifest), '');
/** @type {Row[]} */
const rows = [bare];
/**
 * Per route: what the page loads (the entry, plus the route's lazy page chunk for routes other than
 * login), and what its first use adds (the form's actions: API client, encryption, redirect rules,
 * loaded when the visitor first focuses or submits the form). The budget holds for the page load.
 */
const routes = [
  { name: 'login', page: null, interaction: /^src\/features\/login\/login-actions\./ },
  { name: 'sign-up', page: /^src\/features\/register\/register-page\./, interaction: null },
  { name: 'OAuth consent', page: /^src\/features\/oauth\/oauth-authorized-page\./, interaction: null },
];
for (const route of routes) {
  const files = new Set(entryClosure(webManifest));
  const page = route.page ? dynamicChunks(webManifest, route.page) : [];
  if (route.page && page.length === 0) {
    console.warn(`bench:web: no lazy chunk matches ${route.page} in the manifest; counting the entry alone`);
  }
  for (const key of page) for (const file of closure(webManifest, key)) files.add(file);
  rows.push(measure(route.name, webDist, [...files], page.map(short).join(', ')));
  if (!route.interaction) continue;
  const used = dynamicChunks(webManifest, route.interaction);
  if (used.length === 0) {
    console.warn(`bench:web: no lazy chunk matches ${route.interaction}; no first-use row for ${route.name}`);
    continue;
  }
  for (const key of used) for (const file of closure(webManifest, key)) files.add(file);
  rows.push(measure(`${route.name}, first use`, webDist, [...files], `+ ${used.map(short).join(', ')}`));
}

printTable(rows, bare);

const login = rows.find((row) => row.name === 'login');
if (!login) throw new Error('unreachable');
const ratio = login.gz / bare.gz;
const within = ratio <= budget;
console.log(
  `\nbench:web login ${ratio.toFixed(2)}x bare (budget ${budget.toFixed(2)}x)${within ? '' : ' — OVER BUDGET'}`,
);
process.exit(within ? 0 : 1);

/** @param {string} dist @returns {Manifest} */
function readManifest(dist) {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
}

/** The files a chunk loads up front: itself, its static imports (recursively) and their CSS. */
/** @param {Manifest} manifest @param {string} key @param {Set<string>} [seen] @returns {string[]} */
function closure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no chunk ${key}`);
  const files = [chunk.file, ...(chunk.css ?? [])];
  for (const imported of chunk.imports ?? []) files.push(...closure(manifest, imported, seen));
  return files;
}

/** @param {Manifest} manifest @returns {string[]} */
function entryClosure(manifest) {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.length}`);
  return [...new Set(closure(manifest, /** @type {string} */ (entries[0])))];
}

/** Lazy (dynamically imported) chunks whose source path matches. @param {Manifest} manifest @param {RegExp} source */
function dynamicChunks(manifest, source) {
  return Object.keys(manifest).filter(
    (key) => manifest[key]?.isDynamicEntry && source.test(manifest[key]?.src ?? key),
  );
}

/** @param {string} key */
function short(key) {
  return key.replace(/^src\/features\//, '');
}

/** @param {string} name @param {string} dist @param {string[]} files @param {string} note @returns {Row} */
function measure(name, dist, files, note) {
  const row = { name, files, raw: 0, gz: 0, br: 0, note };
  for (const file of files) {
    if (!/\.(?:js|mjs|css)$/.test(file)) continue;
    // Each file is its own response, so each is compressed on its own, as a server would.
    const source = readFileSync(join(dist, file));
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

/** @param {Row[]} table @param {Row} baseline */
function printTable(table, baseline) {
  const kb = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);
  const head = ['route', 'files', 'raw KB', 'gz KB', 'br KB', 'gz ×bare', 'br ×bare', 'lazy chunks'];
  const body = table.map((row) => [
    row.name,
    String(row.files.length),
    kb(row.raw),
    kb(row.gz),
    kb(row.br),
    `${(row.gz / baseline.gz).toFixed(2)}x`,
    `${(row.br / baseline.br).toFixed(2)}x`,
    row.note || '—',
  ]);
  const widths = head.map((title, i) =>
    Math.max(title.length, ...body.map((cells) => (cells[i] ?? '').length)),
  );
  const line = (/** @type {string[]} */ cells) =>
    cells
      .map((cell, i) => (i === 0 || i === 7 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log(`\n${line(head)}\n${widths.map((w) => '─'.repeat(w)).join('  ')}`);
  for (const cells of body) console.log(line(cells));
  console.log(
    `\nbudget: the login page load, gz ≤ ${budget}x the bare React page (${kb(baseline.gz * budget)} KB gz)`,
  );
}
