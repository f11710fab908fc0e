import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text assets worth compressing; html is left out because the server rewrites index.html per request. */
const COMPRESSIBLE = /\.(?:js|mjs|css|json|svg|txt|map)$/;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // The manifest is build metadata for tooling, never served.
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* walk(path);
    } else if (COMPRESSIBLE.test(entry.name)) {
      yield path;
    }
  }
}

async function compressFile(path: string): Promise<void> {
  const source = await readFile(path);
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz(source, { level: 9 }),
  ]);
  // A compressed copy that is not smaller only costs the server a lookup.
  if (br.length < source.length) await writeFile(`${path}.br`, br);
  if (gzipped.length < source.length) await writeFile(`${path}.gz`, gzipped);
}

/**
 * Writes `.br` and `.gz` beside every text asset after the build (including the copied
 * `public/locales`), so the server can serve precompressed files without compressing per request.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'gatehouse:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const jobs: Promise<void>[] = [];
      for await (const path of walk(outDir)) jobs.push(compressFile(path));
      await Promise.all(jobs);
    },
  };
}
