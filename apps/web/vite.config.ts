import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { CHUNK_GROUPS } from './vite/chunk-groups.ts';
import { precompress } from './vite/precompress-plugin.ts';
import { routeAssets } from './vite/route-assets-plugin.ts';
import { stripEndpointCodes } from './vite/strip-endpoint-codes-plugin.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), stripEndpointCodes(), routeAssets(`${root}src/app/router.tsx`), precompress()],
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
    // Vite's manifest, beside the route table of assets the server preloads from (vite/route-assets-plugin.ts).
    manifest: true,
    // No dependency preloading by Vite's loader: the server's HTML names each page's chunks (ADR 0009,
    // issue 12 addendum), and the loader's list of every lazy chunk's file names would sit in the entry
    // chunk, where hash names hardly compress (about 0.6 KB gz on every page, npm run bench:web). A page
    // reached by in-app navigation fetches a chunk's imports when the chunk arrives; most are loaded
    // already (the hooks, the API client, the form fields). Lazy chunks' CSS still goes through it.
    modulePreload: false,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      // Constants a module imports (the ret_code catalogue, paths) are written where they are used.
      optimization: { inlineConst: true },
      output: {
        codeSplitting: { groups: CHUNK_GROUPS },
        // Lazy chunks by hash alone: the entry names every lazy page's chunk in its dynamic imports, so
        // shorter names are bytes off every page load (npm run bench:web).
        chunkFileNames: 'assets/[hash].js',
      },
    },
  },
});
