import type { CodeOf, Endpoint, RetCode } from '@gatehouse/contract';

/** The values of the codes a call may answer: `RetCode.IpLimit` and the like. */
export type CodeValueOf<E extends Endpoint> = (typeof RetCode)[CodeOf<E>];

/**
 * What a page does with each code a call may answer, keyed by the code written through the catalogue
 * (`[RetCode.IpLimit]: () => …`). Only codes the endpoint table lists for the call (and the ones every
 * call may answer) are accepted as keys: a handler for a code the call never answers does not compile.
 * Numeric keys, not names: a name lookup would need the whole catalogue in every page.
 */
export type CodeHandlers<E extends Endpoint, R> = { readonly [Code in CodeValueOf<E>]?: () => R };

/**
 * Runs the handler for `code`, if the map has one; undefined otherwise (the caller's fallback).
 * `endpoint` types the map: one entry, or several when a step can fail on any of their codes.
 */
export function onCode<E extends Endpoint, R>(
  endpoint: E | readonly E[],
  code: number,
  handlers: CodeHandlers<E, R>,
): R | undefined {
  void endpoint;
  return (handlers as Partial<Record<number, () => R>>)[code]?.();
}
