import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * `npm run build -w apps/server` compiles what tsconfig.build.json includes plus everything those
 * files import, so excluding a test kit is not enough: a product file importing one would pull it
 * (and test-support/, fast-check, …) back into `dist`. This walks the build's real file set the way
 * tsc does for relative imports, without compiling anything.
 */
const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEST_ONLY = /(\.test\.ts|\.test-kit\.ts)$|[\\/](test-support|fuzz)[\\/]/;
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)'(\.{1,2}\/[^']+)'/gm;

function buildRoots(): string[] {
  const configFile = path.join(SERVER_ROOT, 'tsconfig.build.json');
  const { config, error } = ts.readConfigFile(configFile, (file) => ts.sys.readFile(file));
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  return ts.parseJsonConfigFileContent(config, ts.sys, SERVER_ROOT, undefined, configFile).fileNames;
}

/** Every file the build compiles: its roots and what they import, relative import by import. */
function buildFiles(): Set<string> {
  const seen = new Set<string>();
  const queue = buildRoots().map((file) => path.resolve(file));
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const target = path.resolve(path.dirname(file), spec!.replace(/\.js$/, '.ts'));
      if (existsSync(target)) queue.push(target);
    }
  }
  return seen;
}

describe('the production build (tsconfig.build.json)', () => {
  const files = [...buildFiles()].map((file) => path.relative(SERVER_ROOT, file));

  it('compiles the server', () => {
    expect(files).toContain(path.join('src', 'server.ts'));
    expect(files).toContain(path.join('src', 'app.ts'));
  });

  it('leaves out tests, test kits, test-support/ and fuzz/, also when imported', () => {
    expect(files.filter((file) => TEST_ONLY.test(file))).toEqual([]);
  });

  it('would notice a test kit', () => {
    expect(TEST_ONLY.test(path.join('src', 'modules', 'login', 'login.test-kit.ts'))).toBe(true);
    expect(TEST_ONLY.test(path.join('src', 'test-support', 'test-app.ts'))).toBe(true);
  });
});
