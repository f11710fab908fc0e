// Helpers shared by start, dev and test. Plain Node with no dependencies: these run before `npm install`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Prints a section header so a long log reads as a list of steps. */
export function section(title) {
  console.log(`\n━━ ${title} ${'━'.repeat(Math.max(0, 72 - title.length))}`);
}

/** Runs a command with inherited stdio and returns its exit code (signals count as failure). */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function runNpm(args, options = {}) {
  return run(npm, args, options);
}

/** Runs a command or exits this process with its code: every caller wants fail-fast. */
export function mustRun(command, args, options = {}) {
  const code = run(command, args, options);
  if (code !== 0) {
    console.error(`\n✗ ${[command, ...args].join(' ')} failed with exit code ${code}`);
    process.exit(code);
  }
}

export function mustRunNpm(args, options = {}) {
  mustRun(npm, args, options);
}

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * `npm install` when node_modules is missing or the lock file changed since the last install.
 * npm rewrites node_modules/.package-lock.json on every install, so it is the install's timestamp.
 */
export function ensureInstalled() {
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (existsSync(installed) && mtime(join(root, 'package-lock.json')) <= mtime(installed)) return;
  section('npm install');
  mustRunNpm(['install']);
}

/** Newest modification time of the files under `path` (a file or a folder), ignoring tests. */
function newestSource(path) {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs; // a deleted file shows only as a newer folder
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    if (/\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, newestSource(join(path, entry.name)));
  }
  return newest;
}

/**
 * The three build steps in dependency order. `output` is a file every build rewrites; `inputs` include
 * the upstream sources a build bakes in (web bundles contract; server compiles against its types).
 */
const packageInputs = (dir, extra = []) =>
  ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json', ...extra].map((p) => join(dir, p));

export const buildSteps = [
  {
    workspace: 'packages/contract',
    output: 'packages/contract/dist/index.js',
    inputs: packageInputs('packages/contract'),
  },
  {
    workspace: 'apps/server',
    output: 'apps/server/dist/server.js',
    inputs: [...packageInputs('apps/server'), ...packageInputs('packages/contract')],
  },
  {
    workspace: 'apps/web',
    output: 'apps/web/dist/.vite/manifest.json',
    inputs: [
      ...packageInputs('apps/web', ['index.html', 'public', 'vite', 'vite.config.ts']),
      ...packageInputs('packages/contract'),
    ],
  },
];

/** True when the step's output is missing or any of its inputs is newer. */
export function isStale(step) {
  const built = mtime(join(root, step.output));
  if (built === 0) return true;
  return step.inputs.some((input) => newestSource(join(root, input)) > built);
}

/** Builds the stale steps (and everything after a rebuilt contract, through `inputs`). */
export function buildStale(steps = buildSteps) {
  for (const step of steps) {
    if (!isStale(step)) continue;
    section(`build ${step.workspace}`);
    mustRunNpm(['run', 'build', '-w', step.workspace]);
  }
}

/**
 * Starts a long-running child, forwards SIGINT/SIGTERM to it and exits with its code, so Ctrl-C
 * and process managers stop the server cleanly instead of orphaning it.
 */
export function runForever(command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
  const forward = (signal) => {
    if (child.exitCode === null) child.kill(signal);
  };
  process.on('SIGINT', () => forward('SIGINT'));
  process.on('SIGTERM', () => forward('SIGTERM'));
  child.on('error', (error) => {
    console.error(error.message);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    // A child that ended on a signal we forwarded is a clean stop.
    if (signal === 'SIGINT' || signal === 'SIGTERM') process.exit(0);
    process.exit(code ?? 1);
  });
}

export { npm };
