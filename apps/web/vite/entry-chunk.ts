import type { Rolldown } from 'vite';

type NameFunction = Extract<Rolldown.CodeSplittingGroup['name'], (...args: never[]) => unknown>;
type ChunkingContext = Parameters<NameFunction>[1];

/**
 * Keeps the small modules the entry needs at start (shell, router, i18n, the login form's fields)
 * in one chunk. Left alone, the bundler gives each group of modules shared with a lazy page its own
 * tiny chunk; the login page then downloads a dozen files, each compressed on its own, which costs
 * more than the same code in one file (npm run bench:web). React stays in the entry chunk.
 */
export function entryChunkGroup(entryId: string): Rolldown.CodeSplittingGroup {
  let reachable: Set<string> | undefined;
  return {
    debugName: 'entry-static-imports',
    name: (id, ctx) => {
      reachable ??= staticClosure(ctx, entryId);
      if (id === entryId || !reachable.has(id)) return null;
      if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id) || /\.css$/.test(id)) return null;
      return 'shell';
    },
  };
}

/** Every module the entry imports statically, directly or through others. */
function staticClosure(ctx: ChunkingContext, start: string): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}
