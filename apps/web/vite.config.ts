import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { entryChunkGroup } from './vite/entry-chunk.ts';
import { precompress } from './vite/precompress-plugin.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const BACKGROUND_CHUNK = /(?:^|\/)(?:session-watch|install-monitors)-[\w-]+\.js$/;

export default defineConfig({
  root,
  plugins: [react(), precompress()],
  resolve: {
    // 'source' makes @gatehouse/contract resolve to its TypeScript, so web needs no contract build first.
    conditions: ['source', 'module', 'browser', 'development|production'],
    alias: {
      'use-sync-external-store/shim/index.js': fileURLToPath(
        new URL('./vite/use-sync-external-store.ts', import.meta.url),
      ),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // The bundle benchmark reads the manifest to find the login route's entry and static imports.
    manifest: true,
    // Every browser we support has modulepreload; the polyfill would only add bytes to the entry.
    modulePreload: {
      polyfill: false,
      // Chunks that run in the background (the session watch, the monitor hooks) are never urgent: no
      // preload list for them, which would otherwise sit in the login page's shell as file names.
      resolveDependencies: (filename, deps) => (BACKGROUND_CHUNK.test(filename) ? [] : deps),
    },
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [entryChunkGroup(`${root}src/main.tsx`)] },
        // Lazy chunks by hash alone: the shell lists every lazy chunk's file name (its preload map and
        // dynamic imports), so shorter names are bytes off the login page load (npm run bench:web).
        chunkFileNames: 'assets/[hash].js',
      },
    },
  },
});
