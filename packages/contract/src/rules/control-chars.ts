import { z } from 'zod';

/**
 * Characters no input field takes (docs/adr/0014-refused-input-characters.md):
 * - C0 controls U+0000–U+001F, tab and line breaks included: no field is multi-line text (passwords
 *   travel encrypted as base64, Telegram data as URL-encoded or JSON-escaped text), and a NUL is
 *   refused by PostgreSQL text columns;
 * - DEL U+007F and the C1 controls U+0080–U+009F: invisible, nothing a person types, and terminal
 *   controls in logs (U+009B is a CSI);
 * - U+2028 and U+2029: line terminators to log readers and older JavaScript parsers;
 * - lone surrogates: not encodable as UTF-8, so the store would silently keep U+FFFD instead and two
 *   different inputs would become one stored value.
 * Format characters (zero-width joiners, bidirectional marks) stay allowed: right-to-left text and
 * emoji need them.
 *
 * With the `u` flag a surrogate pair is one code point, so `\uD800-\uDFFF` matches lone halves only.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this rule
export const CONTROL_CHAR_PATTERN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff]/u;

export const CONTROL_CHAR_MESSAGE = 'must not contain control characters';

/** Input deeper than this is refused: no request of ours nests past a few levels. */
export const MAX_INPUT_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `must not nest deeper than ${MAX_INPUT_DEPTH} levels`;

export function hasControlChar(text: string): boolean {
  return CONTROL_CHAR_PATTERN.test(text);
}

export interface UnsafeInput {
  path: (string | number)[];
  message: string;
}

/**
 * Every place in `value` (a parsed body, query or params object) where a string or an object key
 * carries a refused character, or where nesting goes past MAX_INPUT_DEPTH; at most `limit` of them.
 * Iterative, so hostile nesting cannot overflow the stack.
 */
export function findUnsafeInput(value: unknown, limit = 10): UnsafeInput[] {
  const found: UnsafeInput[] = [];
  // Depth-first in document order; an entry with `key` checks that key, then visits its value.
  type Entry = { value: unknown; path: (string | number)[]; key?: string };
  const stack: Entry[] = [{ value, path: [] }];
  while (stack.length > 0 && found.length < limit) {
    const { value: node, path, key } = stack.pop() as Entry;
    if (key !== undefined && hasControlChar(key)) {
      found.push({ path, message: CONTROL_CHAR_MESSAGE });
      continue;
    }
    if (typeof node === 'string') {
      if (hasControlChar(node)) found.push({ path, message: CONTROL_CHAR_MESSAGE });
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    if (path.length >= MAX_INPUT_DEPTH) {
      found.push({ path, message: TOO_DEEP_MESSAGE });
      continue;
    }
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push({ value: node[i], path: [...path, i] });
      continue;
    }
    const keys = Object.keys(node);
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i] as string;
      stack.push({ value: (node as Record<string, unknown>)[k], path: [...path, k], key: k });
    }
  }
  return found;
}

function refuseUnsafe(value: unknown, ctx: z.RefinementCtx): void {
  for (const { path, message } of findUnsafeInput(value)) ctx.addIssue({ code: 'custom', path, message });
}

/**
 * The one refinement behind "every string field refuses control characters": refuse the input
 * when `findUnsafeInput` finds anything, with one issue per place.
 */
export const safeInputCheck = z.unknown().superRefine(refuseUnsafe);

/**
 * `schema` behind the safe-input check: a refused character fails before `schema` runs, so its
 * issues alone are reported. The server's validator compiler wraps every route schema in this.
 * `only` limits the check to those keys of an object (request headers: a schema names the few it
 * reads, and the others are none of its business).
 */
export function withSafeInput<T extends z.ZodType>(schema: T, opts: { only?: readonly string[] } = {}) {
  const { only } = opts;
  if (!only) return safeInputCheck.pipe(schema);
  return z
    .unknown()
    .superRefine((value, ctx) => {
      if (typeof value !== 'object' || value === null) return refuseUnsafe(value, ctx);
      const picked: Record<string, unknown> = {};
      for (const key of only)
        if (Object.hasOwn(value, key)) picked[key] = (value as Record<string, unknown>)[key];
      refuseUnsafe(picked, ctx);
    })
    .pipe(schema);
}
