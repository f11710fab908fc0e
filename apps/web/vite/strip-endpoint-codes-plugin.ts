import { parseSync, type ESTree, type Plugin } from 'vite';

/** The contract's endpoint table areas (`@gatehouse/contract/endpoints/<area>`), by file. */
const ENDPOINT_AREA = /[\\/]packages[\\/]contract[\\/]src[\\/]api[\\/]endpoints[\\/][\w-]+\.ts$/;

/**
 * The module with every list of ret_code names emptied (`[]`), or null when it has none. In the endpoint
 * table's files an array literal of strings and spreads is such a list: a call's `codes`, or a group
 * several calls share (`CAPTCHA`, `LOGIN_CODES`). The codes a call may answer are for the server (its
 * declared-codes checks, OpenAPI) and for the compiler (`onCode` accepts only those keys): the browser
 * never reads them at run time, yet each list is a row of strings in every page that calls the endpoint,
 * kept even when unused because a spread may run code (issue 12, npm run bench:web).
 */
export function emptyCodeLists(source: string, filename: string): string | null {
  const parsed = parseSync(filename, source);
  const firstError = parsed.errors[0];
  if (firstError) throw new Error(`${filename}: ${firstError.message}`);
  const ranges: { start: number; end: number }[] = [];
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    const candidate = node as Partial<ESTree.ArrayExpression>;
    if (candidate.type === 'ArrayExpression' && isCodeList(candidate as ESTree.ArrayExpression)) {
      if (candidate.elements?.length) ranges.push({ start: candidate.start ?? 0, end: candidate.end ?? 0 });
      return;
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'parent') visit(child);
  };
  visit(parsed.program);
  if (ranges.length === 0) return null;
  let out = source;
  for (const { start, end } of ranges.sort((a, b) => b.start - a.start)) {
    out = `${out.slice(0, start)}[]${out.slice(end)}`;
  }
  return out;
}

function isCodeList(array: ESTree.ArrayExpression): boolean {
  return array.elements.every(
    (element) =>
      element !== null &&
      (element.type === 'SpreadElement' || (element.type === 'Literal' && typeof element.value === 'string')),
  );
}

/** Empties the endpoint table's ret_code lists in the browser build (see {@link emptyCodeLists}). */
export function stripEndpointCodes(): Plugin {
  return {
    name: 'gatehouse-strip-endpoint-codes',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!ENDPOINT_AREA.test(id)) return null;
      const stripped = emptyCodeLists(code, id);
      return stripped === null ? null : { code: stripped, map: null };
    },
  };
}
