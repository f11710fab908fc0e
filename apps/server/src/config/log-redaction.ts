/** What a secret's value is replaced with in a log line. */
export const CENSOR = '[redacted]';

/** Secrets logged as a field of their own: `log.info({ password })`. */
const TOP_LEVEL = new Set(['password', 'new_password', 'token']);

/** Secrets one level down, whatever the field holding them: `log.info({ body: { code } })`. */
const NESTED = new Set([
  'password',
  'new_password',
  'encrypt_password',
  'token',
  'code',
  'uuid',
  'tmp_token',
  'reset_token',
  'code_verifier',
  'client_secret',
  'refresh_token',
  'access_token',
  'id_token',
  'signup_binding',
  'init_data',
  'telegram_callback',
  'telegram_callback_mini',
  'tg_pending_id',
  // Google / Apple sign-in (modules/social-login): one-use handles to a verified identity.
  'third_ticket',
  'third_pending_id',
]);

/** Credentials travel in these headers: blanked in a logged `headers` object. */
const HEADERS = new Set([
  ...NESTED,
  'authorization',
  'cookie',
  'set-cookie',
  'usertoken',
  'tgtoken',
  'x-api-key',
  'x-signup-binding',
]);

/**
 * Fields written by a serializer of their own (config/logger.ts): the request as method, path, host
 * and address, the reply as its status, the error through errorForLog (which blanks its fields with
 * `censorFields`). Their values are the live request, reply or error: never copied here.
 */
const SERIALIZED = new Set(['req', 'res', 'err']);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `value` with the fields named in `names` blanked: a copy when one is there, else itself. */
export function censorFields<T extends object>(value: T, names: ReadonlySet<string> = NESTED): T {
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    if (names.has(key)) (copy ??= { ...(value as Record<string, unknown>) })[key] = CENSOR;
  }
  return (copy as T | undefined) ?? value;
}

/**
 * pino's `formatters.log`: the object of a log line with every secret blanked — a top-level
 * `password`, `new_password` or `token`; any field one level down named like a secret (`code`,
 * `uuid`, `client_secret`… the list above); credential headers in a `headers` object. Objects are
 * copied only where something is blanked, so a line without secrets costs a walk over its keys.
 *
 * This replaces pino's `redact` option, whose wildcard paths (`*.code`) cost about 20 µs per line
 * on this project's lines (bench/api, ADR 0019) — more than the rest of a cheap API call.
 */
export function redactSecrets(object: Record<string, unknown>): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(object)) {
    const value = object[key];
    let safe = value;
    if (TOP_LEVEL.has(key)) safe = CENSOR;
    else if (!SERIALIZED.has(key) && isRecord(value)) {
      safe = censorFields(value, key === 'headers' ? HEADERS : NESTED);
    }
    if (safe !== value) (out ??= { ...object })[key] = safe;
  }
  return out ?? object;
}
