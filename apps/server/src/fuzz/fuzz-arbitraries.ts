import fc from 'fast-check';
import { hasControlChar } from '@gatehouse/contract';

/**
 * Generators for the API fuzz test (api-fuzz.test.ts): values shaped by a route's JSON schema,
 * hostile strings, and the faults that every route must refuse. Test-only.
 */

/** The slice of JSON Schema the OpenAPI document of our zod schemas uses. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** Characters every input refuses (contract rules/control-chars.ts): one of them makes a case definite. */
export const refusedChar: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
  fc.constantFrom('\u0000', '\u007f', '\u0085', '\u009b', '\u2028', '\u2029', '\ud800', '\udfff'),
  fc.integer({ min: 0x7f, max: 0x9f }).map((c) => String.fromCharCode(c)),
);

/** A string that carries at least one refused character somewhere. */
export const refusedString: fc.Arbitrary<string> = fc
  .tuple(fc.string({ maxLength: 12 }), refusedChar, fc.string({ maxLength: 12 }))
  .map(([a, c, b]) => a + c + b);

/**
 * The same for URL-encoded text (queries, forms): a lone surrogate has no UTF-8 form, so no client
 * can send one there (it arrives as U+FFFD, which is allowed).
 */
export const refusedUrlString: fc.Arbitrary<string> = refusedString.filter(
  (s) => !/[\ud800-\udfff]/u.test(s),
);

/** Strings that are legal input but known to trip parsers, stores and templates. */
const trickyConstants = [
  '',
  ' ',
  'null',
  'undefined',
  'NaN',
  'true',
  '0',
  '-0',
  '1e309',
  '9'.repeat(400),
  '0x10',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '%00',
  '%ff%fe',
  '\\',
  '😀',
  '👩‍👩‍👧‍👦',
  '\u202eevil\u202c',
  '\u200d\u200c',
  '\ufeffbom',
  '\uffff\ufffe',
  'Ωmega ٣ 中文 עברית',
  'a@b.co',
  'user+tag@example.com',
  'https://evil.example/cb',
  'javascript:alert(1)',
  'x'.repeat(5000),
];

/** Legal but hostile strings (never a refused character). */
export const trickyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...trickyConstants),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }).filter((s) => !hasControlChar(s)),
  fc.string({ maxLength: 300 }),
);

/** Numbers at the edges of JSON, JavaScript and 32/64-bit columns. */
export const edgeNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1.5,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31),
    2 ** 53,
    2 ** 53 + 2,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    1e21,
    -1e21,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, with the hostile strings and numbers above mixed in. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    trickyString,
    edgeNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(trickyString, fc.constantFrom('__proto__', 'constructor')), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value;

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === 'string') return [schema.type];
  return [];
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const tries: fc.Arbitrary<string>[] = [];
  if (schema.pattern) {
    try {
      tries.push(fc.stringMatching(new RegExp(schema.pattern)));
    } catch {
      // A pattern fast-check cannot invert: plain strings below still exercise the route.
    }
  }
  if (schema.format === 'email') tries.push(fc.emailAddress());
  if (schema.format === 'uri' || schema.format === 'url') tries.push(fc.webUrl());
  const maxLength = Math.min(schema.maxLength ?? 40, 80);
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  tries.push(fc.string({ minLength, maxLength }));
  return tries.length === 1 ? (tries[0] as fc.Arbitrary<string>) : fc.oneof(...tries);
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum;
  const max = schema.maximum ?? schema.exclusiveMaximum;
  if (integer) {
    return fc.integer({
      min: Math.max(min ?? -1_000_000, Number.MIN_SAFE_INTEGER),
      max: Math.min(max ?? 1_000_000, Number.MAX_SAFE_INTEGER),
    });
  }
  return fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true });
}

/**
 * A value shaped by `schema`: right types, patterns and enums where the schema says so, so that
 * cases reach past validation into the handlers. Not always valid (lengths and cross-field rules
 * are not modelled), and that is fine.
 */
export function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return hostileJson;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => fromSchema(s, depth + 1)));
  if (schema.allOf?.length) return fromSchema(schema.allOf[0], depth + 1);
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => fromSchema({ ...schema, type }, depth)));
  switch (types[0]) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map((s) => fromSchema(s, depth + 1)));
      return fc.array(fromSchema(schema.items, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 4),
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
      return objectFor(schema, depth);
    default:
      return schema.properties ? objectFor(schema, depth) : hostileJson;
  }
}

function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const props = schema.properties ?? {};
  const keys = Object.keys(props);
  if (keys.length === 0) {
    const extra = schema.additionalProperties;
    if (extra && typeof extra === 'object')
      return fc.dictionary(fc.string({ maxLength: 12 }), fromSchema(extra, depth + 1), { maxKeys: 3 });
    return fc.constant({});
  }
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const key of keys) model[key] = fromSchema(props[key], depth + 1);
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
}

/** Where in a JSON value a fault can go: string leaves, and every object (for an added key). */
type Slot = { kind: 'string'; path: (string | number)[] } | { kind: 'object'; path: (string | number)[] };

function slotsOf(value: unknown, path: (string | number)[] = [], out: Slot[] = []): Slot[] {
  if (typeof value === 'string') out.push({ kind: 'string', path });
  else if (Array.isArray(value)) value.forEach((v, i) => slotsOf(v, [...path, i], out));
  else if (value && typeof value === 'object') {
    out.push({ kind: 'object', path });
    for (const [k, v] of Object.entries(value)) slotsOf(v, [...path, k], out);
  }
  return out;
}

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(root)) {
    const copy = [...root];
    copy[head as number] = setAt(copy[head as number], rest, value);
    return copy;
  }
  const obj = { ...(root as Record<string, unknown>) };
  Object.defineProperty(obj, head, {
    value: setAt(obj[head as string], rest, value),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return obj;
}

function getAt(root: unknown, path: (string | number)[]): unknown {
  let node = root;
  for (const key of path) node = (node as Record<string | number, unknown>)[key];
  return node;
}

/**
 * `base` with a refused character planted at a random place: inside a string leaf, as a new key,
 * or as the value of a new key. Objects only (bodies, queries); anything else becomes an object.
 */
export function withRefusedChar(
  base: fc.Arbitrary<unknown>,
  refused: fc.Arbitrary<string> = refusedString,
): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(base, fc.nat(), refused, fc.nat({ max: 2 }), fc.string({ maxLength: 8 }))
    .map(([value, pick, bad, how, key]) => {
      const root: Record<string, unknown> =
        value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
      const slots = slotsOf(root);
      const slot = slots[pick % slots.length] as Slot;
      if (slot.kind === 'string' && how !== 2) {
        const text = getAt(root, slot.path) as string;
        const at = pick % (text.length + 1);
        return setAt(root, slot.path, text.slice(0, at) + bad + text.slice(at)) as Record<string, unknown>;
      }
      const target = slot.kind === 'object' ? slot.path : slot.path.slice(0, -1);
      const holder = getAt(root, target);
      if (!holder || typeof holder !== 'object' || Array.isArray(holder))
        return { ...root, [`x${key}`]: bad };
      return setAt(root, [...target, how === 1 ? bad : `x${key}`], how === 1 ? 'v' : bad) as Record<
        string,
        unknown
      >;
    });
}

/** Percent-encode as UTF-8; lone surrogates become U+FFFD on the wire, as any client would send them. */
export function encodeComponent(text: string): string {
  return Array.from(Buffer.from(text, 'utf8'), (byte) => {
    const c = String.fromCharCode(byte);
    return /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
}

/** A query string for `query` (arrays repeat the key), without the leading `?`. */
export function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      const text = typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v);
      parts.push(`${encodeComponent(key)}=${encodeComponent(text)}`);
    }
  }
  return parts.join('&');
}

/** Raw query fragments that no encoder would produce: broken escapes, overlong and surrogate UTF-8. */
export const rawQueryJunk: fc.Arbitrary<string> = fc.constantFrom(
  'a=%00',
  'a=%C0%80',
  'a=%ED%A0%80',
  'a=%E2%80%A8',
  'a=%FF%FE',
  'a=%C3%28',
  'a=%',
  'a=%%',
  'a=%zz',
  '&&&',
  '=',
  '==x',
  'a=1&a=2',
  '__proto__=x',
  '__proto__[x]=y',
  'constructor[prototype][x]=y',
  'a[b]=c',
  'a[]=1',
  `a=${'x'.repeat(9000)}`,
  'a=%F0%9F%98%80',
  '%00=%00',
);

/** Header values a client can really send: Node's parser refuses C0 (but tab) and DEL in header values. */
const headerChar = fc
  .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.constant(0x09), fc.integer({ min: 0x80, max: 0xff }))
  .map((c) => String.fromCharCode(c));

/**
 * Header values no HTTP/1.1 or HTTP/2 peer can deliver (a NUL, say): inject() bypasses Node's
 * parser, so they still show that nothing behind it (the stores above all) depends on that parser.
 * Latin-1 only, as header values are; line breaks would split the header.
 */
const beyondHttpValue = refusedString.filter((s) => /^[^\r\n\u0100-\uffff]*$/.test(s));

export const headerValue: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ unit: headerChar, maxLength: 60 }), weight: 4 },
  {
    arbitrary: fc.constantFrom('', 'null', 'undefined', ' ', '\t', 'x'.repeat(3000), '%00', '../..', 'Ã©'),
    weight: 2,
  },
  { arbitrary: beyondHttpValue, weight: 1 },
);

/** Cookie values as browsers send them: percent escapes decode, so `%00` arrives as a NUL. */
const cookieValue = fc.oneof(
  headerValue.map((v) => v.replace(/[;,\s"\\]/g, '')),
  fc.constantFrom('%00', '%FF', 'a%00b', '%E2%80%A8', '"quoted"', '%', 'x'.repeat(4000)),
);

export interface HeaderContext {
  /** A valid session token for the fuzz user, to reach past requireSession. */
  sessionToken: string;
}

/** Hostile versions of the request headers of spec §3, cookies and the transport headers. */
export function hostileHeaders(ctx: HeaderContext): fc.Arbitrary<Record<string, string>> {
  return fc
    .record(
      {
        platform: fc.oneof(fc.constantFrom('pc', 'app', 'h5', 'ios', 'android'), headerValue),
        usertoken: fc.oneof(fc.constant(ctx.sessionToken), headerValue),
        guid: fc.oneof(fc.uuid().map(String), headerValue),
        lang: fc.oneof(fc.constantFrom('en', 'tr', 'zz-ZZZZZZZZ', 'ar', 'x'.repeat(40)), headerValue),
        'tx-id': headerValue,
        'x-user-agent': headerValue,
        'user-agent': headerValue,
        tgtoken: fc.oneof(fc.constantFrom('a=1', 'user=%7B%7D&hash=00'), headerValue),
        'x-session-transport': fc.oneof(fc.constant('header'), headerValue),
        'accept-language': fc.oneof(fc.constantFrom('*', 'en;q=2', 'zz', 'en-US,en;q=0.9'), headerValue),
        'x-client-country': headerValue,
        'x-forwarded-for': fc.oneof(
          fc.constantFrom('1.2.3.4', '::1', 'unknown', ',,,', '999.1.1.1'),
          headerValue,
        ),
        host: fc.constantFrom(
          'localhost',
          'eu.localhost',
          'tr.localhost:3000',
          'testnet.localhost',
          'evil.example',
          'localhost:99999',
          '[::1]',
          '',
          'x'.repeat(300),
          'LOCALHOST',
          'localhost.',
        ),
        cookie: fc
          .record(
            {
              gh_session: fc.oneof(fc.constant(ctx.sessionToken), cookieValue),
              self_unbind_token: cookieValue,
              gh_oauth_demo: cookieValue,
            },
            { requiredKeys: [] },
          )
          .map((c) =>
            Object.entries(c)
              .map(([k, v]) => `${k}=${v}`)
              .join('; '),
          ),
      },
      { requiredKeys: [] },
    )
    .map((h) => {
      // An empty cookie header is its own (uninteresting) thing; leave it out.
      if (h.cookie === '') delete h.cookie;
      return h;
    });
}

export const jsonContentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/json;charset=utf-16',
);

export const otherContentTypes = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/jsonx',
  'json',
  ' application/json',
  '*/*',
  'application/octet-stream',
);

/** Bodies no JSON route may accept: broken JSON, invalid UTF-8, prototype keys Fastify refuses. */
export const refusedRawBody: fc.Arbitrary<Buffer> = fc.oneof(
  fc
    .constantFrom(
      '{',
      '{"a":',
      '{"a":1}garbage',
      '{"a":1,}',
      "{'a':1}",
      'NaN',
      '{"a":NaN}',
      '{"__proto__":{"polluted":1}}',
      '{"a":{"__proto__":{"polluted":1}}}',
      '{"constructor":{"prototype":{"polluted":1}}}',
      '\u0000{}',
      '{"a":"\u0000"}',
      '{"a":"\\u0000"}',
      '{"\\u0000":1}',
    )
    .map((s) => Buffer.from(s, 'utf8')),
  // Invalid UTF-8 inside a JSON string: stray continuation, overlong NUL, encoded surrogate, truncated sequence.
  fc
    .constantFrom(
      [0x80],
      [0xc0, 0x80],
      [0xed, 0xa0, 0x80],
      [0xe2, 0x82],
      [0xff],
      [0xf8, 0x88, 0x80, 0x80, 0x80],
    )
    .map((bytes) => Buffer.concat([Buffer.from('{"email":"a'), Buffer.from(bytes), Buffer.from('@b.co"}')])),
);

/** Bodies that are odd but may be valid JSON: the route decides. */
export const oddRawBody: fc.Arbitrary<Buffer> = fc.oneof(
  fc
    .constantFrom(
      '',
      ' ',
      'null',
      '[]',
      '0',
      '"x"',
      '1e309',
      '-0',
      '{"a":1e309}',
      '{"a":1,"a":2}',
      '\ufeff{}',
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
      `{"a":"${'x'.repeat(60_000)}"}`,
      `{"a":"${'x'.repeat(70_000)}"}`,
    )
    .map((s) => Buffer.from(s, 'utf8')),
  fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
);
