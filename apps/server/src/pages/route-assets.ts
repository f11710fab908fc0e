import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The web build's route table of assets (apps/web/vite/route-assets-plugin.ts writes it at this path,
 * next to Vite's manifest): per route id, the JS chunks and CSS files its page loads beyond the entry's.
 * The router's page table is its only source, so a page added there is preloaded without a list here.
 */
export const ROUTE_ASSETS_FILE = '.vite/route-assets.json';

export interface RouteAssets {
  js: readonly string[];
  css: readonly string[];
}

export type RouteAssetTable = ReadonlyMap<string, RouteAssets>;

// Only names the build writes: they go into HTML attributes as they are.
const assetPath = z.string().regex(/^assets\/[\w.-]+\.(?:js|css)$/);
const fileSchema = z.object({
  routes: z.record(z.string(), z.object({ js: z.array(assetPath), css: z.array(assetPath) })),
});

/**
 * The table of `webDist`, or null when the build wrote none (server tests, a development server with
 * Vite, an older build): pages then carry no route preloads and still work. A malformed file is an
 * error: it means the build and the server disagree.
 */
export function readRouteAssets(webDist: string): RouteAssetTable | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(webDist, ROUTE_ASSETS_FILE), 'utf8');
  } catch {
    return null;
  }
  const parsed = fileSchema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(`${ROUTE_ASSETS_FILE} in ${webDist} is malformed: ${parsed.error.message}`);
  return new Map(Object.entries(parsed.data.routes));
}
