import type { CompiledQuery, Compilable, OperationNode, OperationNodeSource } from 'kysely';
/**
 * A query built and compiled by Kysely once, then run with new parameters (ADR 0021). Building a
 * query with Kysely's builder and compiling it costs more CPU than SQLite takes to run most of our
 * statements (bench:api: tens of µs each, a dozen per login, and the garbage they leave); the hot
 * statements have a fixed shape, so only their parameters change.
 *
 * `build` receives `p`, whose every property is a placeholder standing for the parameter of that
 * name: use `p.x` wherever the value goes. Every value of the built query must come from `p` or be
 * a constant of the query (a literal the builder made a parameter). Arrays (`in` lists) would
 * change the SQL with their length, and are refused.
 */
export type Placeholders<P> = { readonly [K in keyof P]: P[K] };

export interface PreparedQuery<P, R> {
  /** The query for these parameters: run it with `db.executeQuery` (or a transaction's). */
  (params: P): CompiledQuery<R> & Compilable<R> & OperationNodeSource;
}

const MARK = '\u0001gh-param\u0001';

export function preparedQuery<P extends Record<string, unknown>, R>(
  build: (p: Placeholders<P>) => Compilable<R> & OperationNodeSource,
): PreparedQuery<P, R> {
  const placeholders = new Proxy({} as Placeholders<P>, {
    get: (_, name) => (typeof name === 'string' ? `${MARK}${name}` : undefined),
  });
  let template: { compiled: CompiledQuery<R>; slots: ((params: P) => unknown)[] } | undefined;
  const compileTemplate = () => {
    const compiled = build(placeholders).compile();
    const slots = compiled.parameters.map((value): ((params: P) => unknown) => {
      if (Array.isArray(value)) throw new Error('a prepared query cannot take a list parameter');
      if (typeof value === 'string' && value.startsWith(MARK)) {
        const name = value.slice(MARK.length);
        return (params) => params[name];
      }
      return () => value;
    });
    return { compiled, slots };
  };

  return (params) => {
    template ??= compileTemplate();
    const { compiled, slots } = template;
    const query: CompiledQuery<R> = {
      query: compiled.query,
      queryId: compiled.queryId,
      sql: compiled.sql,
      parameters: slots.map((slot) => slot(params)),
    };
    return {
      ...query,
      compile: () => query,
      // Only when the query is embedded in another (a PostgreSQL WITH: db/write-together.ts),
      // where its parameters are numbered anew: built again with the real values.
      toOperationNode: (): OperationNode => build(params as Placeholders<P>).toOperationNode(),
    };
  };
}
