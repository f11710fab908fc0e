import { readFileSync } from 'node:fs';
import { parseSync, Visitor, type ESTree, type Plugin, type Rolldown } from 'vite';

/**
 * Where the build writes the route table of assets, next to Vite's manifest. The server reads the same
 * path (apps/server/src/pages/route-assets.ts `ROUTE_ASSETS_FILE`); `.vite/` is never served.
 */
export const ROUTE_ASSETS_FILE = '.vite/route-assets.json';

/** The files a route's page needs beyond the entry's (which index.html already names). */
export interface RouteAssets {
  js: string[];
  css: string[];
}

export interface RouteAssetsFile {
  routes: Record<string, RouteAssets>;
}

/**
 * The router's page table: route id → the module its lazy page imports, or null for a page in the entry
 * chunk. Read from the object literal `const PAGES = { login: LoginPage, register: page(() =>
 * import('…'), …), … }`, so the server's preload list comes from the router itself and a page added
 * there is preloaded without a second list to keep. Throws when there is no such table: a router
 * written another way must not silently lose the preloads.
 */
export function routeImports(
  source: string,
  filename: string,
  tableName = 'PAGES',
): Map<string, string | null> {
  const parsed = parseSync(filename, source);
  const firstError = parsed.errors[0];
  if (firstError) throw new Error(`${filename}: ${firstError.message}`);
  let table: ESTree.ObjectExpression | undefined;
  new Visitor({
    VariableDeclarator(node) {
      if (
        node.id.type === 'Identifier' &&
        node.id.name === tableName &&
        node.init?.type === 'ObjectExpression'
      ) {
        table = node.init;
      }
    },
  }).visit(parsed.program);
  if (!table) throw new Error(`${filename}: no \`const ${tableName} = { … }\` page table`);

  const routes = new Map<string, string | null>();
  for (const property of table.properties) {
    if (property.type !== 'Property')
      throw new Error(`${filename}: ${tableName} may hold plain entries only`);
    const key = propertyKey(property);
    if (key === null) throw new Error(`${filename}: ${tableName} has a computed key`);
    routes.set(key, importedSpecifier(property.value));
  }
  return routes;
}

function propertyKey(property: ESTree.ObjectProperty): string | null {
  if (property.computed) return null;
  if (property.key.type === 'Identifier') return property.key.name;
  if (property.key.type === 'Literal' && typeof property.key.value === 'string') return property.key.value;
  return null;
}

/** The one string `import('…')` inside a table value, or null when it has none (an entry page). */
function importedSpecifier(value: ESTree.Node): string | null {
  const found: ESTree.ImportExpression[] = [];
  collectImports(value, found);
  if (found.length > 1) throw new Error(`a page table entry imports ${found.length} modules`);
  const source = found[0]?.source;
  if (!source) return null;
  if (source.type !== 'Literal' || typeof source.value !== 'string') {
    throw new Error('a page import must name its module as a string');
  }
  return source.value;
}

/** Every `import()` expression under `node`: a plain walk over the ESTree object. */
function collectImports(node: unknown, found: ESTree.ImportExpression[]): void {
  if (typeof node !== 'object' || node === null) return;
  if (Array.isArray(node)) {
    for (const item of node) collectImports(item, found);
    return;
  }
  const record = node as { type?: unknown };
  if (record.type === 'ImportExpression') found.push(node as ESTree.ImportExpression);
  for (const [key, child] of Object.entries(node)) if (key !== 'parent') collectImports(child, found);
}

/** Output chunks by file name. */
type ChunkMap = ReadonlyMap<string, Rolldown.OutputChunk>;

/** The chunk and every chunk it imports statically, directly or through others. */
function staticClosure(chunks: ChunkMap, start: Rolldown.OutputChunk): Rolldown.OutputChunk[] {
  const seen = new Map<string, Rolldown.OutputChunk>();
  const stack = [start];
  while (stack.length > 0) {
    const chunk = stack.pop() as Rolldown.OutputChunk;
    if (seen.has(chunk.fileName)) continue;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const next = chunks.get(file);
      if (next) stack.push(next);
    }
  }
  return [...seen.values()];
}

const cssOf = (chunk: Rolldown.OutputChunk): string[] => [...(chunk.viteMetadata?.importedCss ?? [])];

/**
 * Emits {@link ROUTE_ASSETS_FILE}: per route id of the router's page table, the JS chunks (the page's
 * own and what it imports statically) and CSS files its page loads beyond the entry's. The server puts
 * them in the page's HTML as `<link rel="modulepreload">` and stylesheets, so the browser fetches them
 * beside the entry instead of after it has run (issue 12).
 */
export function routeAssets(routerFile: string): Plugin {
  return {
    name: 'gatehouse-route-assets',
    apply: 'build',
    async generateBundle(_options, bundle) {
      this.addWatchFile(routerFile);
      const pages = routeImports(readFileSync(routerFile, 'utf8'), routerFile);
      const chunks: ChunkMap = new Map(
        Object.values(bundle)
          .filter((output): output is Rolldown.OutputChunk => output.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('route assets: the build has no entry chunk');
      const entryClosure = staticClosure(chunks, entry);
      const loaded = new Set([
        ...entryClosure.map((chunk) => chunk.fileName),
        ...entryClosure.flatMap(cssOf),
      ]);

      const routes: Record<string, RouteAssets> = {};
      for (const [route, specifier] of pages) {
        if (specifier === null) {
          routes[route] = { js: [], css: [] };
          continue;
        }
        const resolved = await this.resolve(specifier, routerFile);
        if (!resolved) throw new Error(`route assets: cannot resolve ${specifier} (route ${route})`);
        const own = [...chunks.values()].find((chunk) => chunk.moduleIds.includes(resolved.id));
        if (!own) throw new Error(`route assets: no chunk holds ${resolved.id} (route ${route})`);
        const closure = staticClosure(chunks, own);
        routes[route] = {
          js: closure.map((chunk) => chunk.fileName).filter((file) => !loaded.has(file)),
          css: [...new Set(closure.flatMap(cssOf))].filter((file) => !loaded.has(file)),
        };
      }
      const file: RouteAssetsFile = { routes };
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_ASSETS_FILE,
        source: `${JSON.stringify(file, null, 2)}\n`,
      });
    },
  };
}
