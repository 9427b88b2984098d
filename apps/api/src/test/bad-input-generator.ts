/**
 * Builds the generated bad-input suite's requests from the OpenAPI document the API serves (docs/trust.md 33): for
 * every operation, a valid-looking example request derived from its schemas, then single mutations of it — each body
 * field, query parameter, path parameter and documented header in turn — and whole-request garbage (broken JSON, wrong
 * content types, an oversized body). Pure: no app, no database; generated-bad-input.int.test.ts sends them.
 */
import fc from 'fast-check';
import { ROW_ID_MAX } from '@fairdraw/contract';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  nullable?: boolean;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

type Parameter = {
  in: 'query' | 'header' | 'path' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
  example?: unknown;
};
type OperationDoc = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
  responses?: Record<string, unknown>;
};
export type OpenApiDoc = { paths: Record<string, Record<string, OperationDoc>> };

export type Operation = {
  /** `METHOD /path` as documented, e.g. `POST /api/pay/webhook/{provider}`. */
  route: string;
  method: 'GET' | 'POST';
  path: string;
  /** Needs a session token (the operation lists a security requirement). */
  secured: boolean;
  /** An operator's route (under /api/admin). */
  operator: boolean;
  /** Answers a stream rather than a JSON document (no 200 body documented): only refusals may be sent. */
  stream: boolean;
  query: Parameter[];
  headers: Parameter[];
  pathParams: Parameter[];
  body: JsonSchema | undefined;
};

export type Auth = 'none' | 'forged' | 'junk' | 'guest' | 'player' | 'operator';
export type CaseKind = 'auth' | 'raw' | 'accepted-raw' | 'body' | 'query' | 'path' | 'header';

export type Case = {
  route: string;
  label: string;
  kind: CaseKind;
  auth: Auth;
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

/** Placeholders in a JSON text that are replaced by what JSON.stringify cannot write (1e400) or by raw bytes. */
type Raw = { raw: string } | { bytes: Buffer };
type Value = unknown;
const RAW = Symbol('raw');
type Marked = { [RAW]: Raw };
const raw = (r: Raw): Marked => ({ [RAW]: r });
const isMarked = (v: unknown): v is Marked => typeof v === 'object' && v !== null && RAW in v;

export const LONG = 'x'.repeat(10_000);
/** Not UTF-8: a lone continuation byte, an overlong NUL, a truncated sequence, a CESU-8 surrogate. */
export const NOT_UTF8 = Buffer.from([0x61, 0xff, 0xc0, 0x80, 0xed, 0xa0, 0x80, 0xc3]);
export const BODY_LIMIT = 64 * 1024;

/** The values every field is set to in turn: wrong types, numeric boundaries, awkward strings. */
export const FIELD_VALUES: [string, Value][] = [
  ['null', null],
  ['true', true],
  ['an array', [1]],
  ['an empty object', {}],
  ['the string "1"', '1'],
  ['-1', -1],
  ['0', 0],
  ['1.5', 1.5],
  ['2^31', 2 ** 31],
  ['2^53-1', Number.MAX_SAFE_INTEGER],
  ['2^53+1 (raw)', raw({ raw: '9007199254740993' })],
  ['1e400 (raw)', raw({ raw: '1e400' })],
  ['-1e400 (raw)', raw({ raw: '-1e400' })],
  ['an empty string', ''],
  ['10,000 characters', LONG],
  ['a NUL', 'a\u0000b'],
  ['a lone surrogate', 'a\ud800b'],
  ['bytes that are not UTF-8', raw({ bytes: NOT_UTF8 })],
];

/** Query and path values are text: the same ideas, percent-encoded. */
export const TEXT_VALUES: [string, string][] = [
  ['empty', ''],
  ['-1', '-1'],
  ['0', '0'],
  ['1.5', '1.5'],
  ['2^31', String(2 ** 31)],
  ['2^53-1', String(Number.MAX_SAFE_INTEGER)],
  ['1e400', '1e400'],
  ['not a number', 'abc'],
  ['10,000 characters', LONG],
  ['a NUL', 'a%00b'],
  ['not UTF-8', 'a%FF%C0%80%ED%A0%80'],
  ['a broken escape', 'a%'],
];

const HEADER_VALUES: [string, string][] = [
  ['empty', ''],
  ['short', 'x'],
  ['10,000 characters', LONG],
  ['spaces and symbols', 'a b;c=d,"e"'],
  ['latin-1', 'caf\u00e9\u00ff'],
];

const typesOf = (s: JsonSchema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** The first branch of a union: the example follows it. */
function resolve(s: JsonSchema): JsonSchema {
  const branch = s.oneOf?.[0] ?? s.anyOf?.[0] ?? s.allOf?.[0];
  return branch ? resolve({ ...branch, ...(s.nullable ? { nullable: true } : {}) }) : s;
}

const ID_NAME = /(^|_)id$/;

export type ExampleOptions = {
  /** Value for id-like integers (`id`, `*_id`): an unknown row in a request that changes state, a real one in a read. */
  id: number;
  seed: number;
};

/** A value the schema accepts (a documented example or default first), from fast-check for patterns. */
export function exampleOf(schema: JsonSchema, name: string, opts: ExampleOptions): Value {
  const s = resolve(schema);
  if (s.examples?.length) return s.examples[0];
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const types = typesOf(s);
  if (types.includes('object') || s.properties) {
    const out: Record<string, Value> = {};
    for (const [key, sub] of Object.entries(s.properties ?? {})) out[key] = exampleOf(sub, key, opts);
    return out;
  }
  if (types.includes('array')) {
    const item = s.items ? exampleOf(s.items, name, opts) : 1;
    return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => item);
  }
  if (types.includes('integer') || types.includes('number')) {
    let min = s.minimum ?? -Infinity;
    if (s.exclusiveMinimum === true) min += 1;
    else if (typeof s.exclusiveMinimum === 'number') min = s.exclusiveMinimum + 1;
    const max = s.maximum ?? Infinity;
    const wanted = ID_NAME.test(name) ? Math.min(opts.id, ROW_ID_MAX) : 100;
    return Math.min(Math.max(wanted, min), max);
  }
  if (types.includes('boolean')) return true;
  if (types.includes('string')) {
    // An id in a query string is text.
    if (ID_NAME.test(name)) return String(opts.id);
    const minLength = s.minLength ?? 1;
    // A pattern bounds the length by itself (`^[a-f0-9]{32}\.webp$` is 37 long): a default cap below what it
    // matches would make the filter refuse every sample and fast-check search for ever.
    const maxLength = s.maxLength ?? (s.pattern ? Number.MAX_SAFE_INTEGER : 20);
    if (s.pattern) {
      const arb = fc
        .stringMatching(new RegExp(s.pattern))
        .filter((v) => v.length >= minLength && v.length <= maxLength);
      return fc.sample(arb, { numRuns: 1, seed: opts.seed })[0];
    }
    return 'x'.repeat(Math.min(Math.max(minLength, 1), maxLength));
  }
  return 'x';
}

/** Every field of a body schema as a path (`bank.payee`, `items.0.amount`), with whether its parent requires it. */
export function fieldsOf(
  schema: JsonSchema,
  prefix: (string | number)[] = [],
): { path: (string | number)[]; required: boolean }[] {
  const s = resolve(schema);
  const out: { path: (string | number)[]; required: boolean }[] = [];
  for (const [key, sub] of Object.entries(s.properties ?? {})) {
    const path = [...prefix, key];
    out.push({ path, required: s.required?.includes(key) ?? false });
    out.push(...fieldsOf(sub, path));
  }
  const item = s.items ? resolve(s.items) : undefined;
  if (typesOf(s).includes('array') && item) {
    out.push({ path: [...prefix, 0], required: false });
    out.push(...fieldsOf(item, [...prefix, 0]));
  }
  return out;
}

function clone<T>(v: T): T {
  return structuredClone(v);
}

/** `body` with the value at `path` replaced (or removed when `remove`). */
export function withField(body: Value, path: (string | number)[], value: Value, remove = false): Value {
  const copy = clone(body) as Record<string | number, Value>;
  let node: Record<string | number, Value> = copy;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== 'object' || next === null) return copy;
    node = next as Record<string | number, Value>;
  }
  const last = path[path.length - 1] as string | number;
  if (remove) delete node[last];
  else node[last] = value;
  return copy;
}

/** JSON text of a value that may hold raw placeholders: numbers JSON.stringify cannot write, bytes that are not text. */
export function encode(value: Value): string | Buffer {
  const pieces: Raw[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (isMarked(v)) {
      pieces.push(v[RAW]);
      return `__RAW_${pieces.length - 1}__`;
    }
    return v;
  });
  if (pieces.length === 0) return text;
  const parts = text.split(/"__RAW_(\d+)__"/);
  const buffers = parts.map((part, i) => {
    if (i % 2 === 0) return Buffer.from(part, 'utf8');
    const piece = pieces[Number(part)] as Raw;
    return 'raw' in piece ? Buffer.from(piece.raw) : Buffer.concat([Buffer.from('"'), piece.bytes, Buffer.from('"')]);
  });
  const joined = Buffer.concat(buffers);
  return pieces.some((p) => 'bytes' in p) ? joined : joined.toString('utf8');
}

export function operationsOf(doc: OpenApiDoc): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase();
      if (method !== 'GET' && method !== 'POST') continue;
      const params = op.parameters ?? [];
      out.push({
        route: `${method} ${path}`,
        method,
        path,
        secured: (op.security?.length ?? 0) > 0,
        operator: path.startsWith('/api/admin/'),
        stream: !op.responses?.['200'],
        query: params.filter((p) => p.in === 'query'),
        headers: params.filter((p) => p.in === 'header'),
        pathParams: params.filter((p) => p.in === 'path'),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return out;
}

export type Base = { body: Value; query: Record<string, string>; pathParams: Record<string, string> };

/** The example request of an operation; `overrides` (per route) replace parts of the body. */
export function baseOf(op: Operation, overrides: Record<string, Value> = {}, seed = 42): Base {
  // A request that changes state names an unknown row, so a mutation the schema lets through is refused later on;
  // a read names a real row (ids start at 1), so mutated queries reach the query that uses them. A stream is a read
  // that never ends: it names an unknown row too, so only refusals come back.
  const bodyOpts = { id: ROW_ID_MAX, seed };
  const readOpts = { id: op.stream ? ROW_ID_MAX : 1, seed };
  let body = op.body ? exampleOf(op.body, '', bodyOpts) : undefined;
  if (body && typeof body === 'object' && !Array.isArray(body)) body = { ...body, ...overrides };
  const text = (v: Value) => (typeof v === 'string' ? v : JSON.stringify(v));
  const query = Object.fromEntries(
    op.query.map((p) => [p.name, text(p.example ?? exampleOf(p.schema ?? {}, p.name, readOpts))] as const),
  );
  const pathParams = Object.fromEntries(
    op.pathParams.map((p) => [p.name, text(p.example ?? exampleOf(p.schema ?? {}, p.name, readOpts))] as const),
  );
  return { body, query, pathParams };
}

function urlOf(op: Operation, pathParams: Record<string, string>, query: Record<string, string>, extra = ''): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => pathParams[name] ?? '');
  const qs = Object.entries(query)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const all = [qs, extra].filter((s) => s !== '').join('&');
  return all ? `${path}?${all}` : path;
}

const enc = (v: string) => (/%/.test(v) ? v : encodeURIComponent(v));
const encodeQuery = (q: Record<string, string>) => Object.fromEntries(Object.entries(q).map(([k, v]) => [k, enc(v)]));

/** Every case of one operation. `auth`: the token role that reaches the route's validation. */
export function casesOf(op: Operation, base: Base, auth: Auth): Case[] {
  const cases: Case[] = [];
  const json = { 'content-type': 'application/json' };
  const query = encodeQuery(base.query);
  const pathParams = Object.fromEntries(Object.entries(base.pathParams).map(([k, v]) => [k, enc(v)]));
  const baseUrl = urlOf(op, pathParams, query);
  const basePayload = base.body === undefined ? undefined : encode(base.body);
  const add = (kind: CaseKind, label: string, c: Partial<Case> & { auth?: Auth }) => {
    cases.push({
      route: op.route,
      label,
      kind,
      auth: c.auth ?? auth,
      method: op.method,
      url: c.url ?? baseUrl,
      headers: c.headers ?? (basePayload === undefined ? {} : json),
      ...(c.payload !== undefined ? { payload: c.payload } : basePayload !== undefined ? { payload: basePayload } : {}),
    });
  };

  // Who may call: no token, a forged one, junk; on an operator's route a guest's and a player's token.
  if (op.secured) {
    add('auth', 'no token', { auth: 'none' });
    add('auth', 'a forged token', { auth: 'forged' });
    add('auth', 'a junk token', { auth: 'junk' });
    if (op.operator) {
      add('auth', "a guest's token", { auth: 'guest' });
      add('auth', "a player's token", { auth: 'player' });
    }
  }

  // Whole-request garbage (any POST: a route without a body still parses one).
  if (op.method === 'POST') {
    add('raw', 'broken JSON', { headers: json, payload: '{"a": 1,' });
    add('raw', 'not JSON', { headers: json, payload: 'a=1&b=2' });
    add('raw', 'a JSON string', { headers: json, payload: '"hello"' });
    add('raw', 'a JSON number', { headers: json, payload: '1e400' });
    add('raw', 'a JSON array', { headers: json, payload: '[{"id": 1}]' });
    add('raw', 'JSON nesting 10,000 deep', { headers: json, payload: `${'['.repeat(10_000)}${']'.repeat(10_000)}` });
    add('raw', 'proto poisoning', { headers: json, payload: '{"__proto__": {"role": "operator"}, "constructor": {}}' });
    add('raw', 'text/plain', { headers: { 'content-type': 'text/plain' }, payload: basePayload ?? '{}' });
    add('raw', 'a form', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' });
    add('raw', 'xml', { headers: { 'content-type': 'application/xml' }, payload: '<a>1</a>' });
    add('raw', 'multipart', { headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--' });
    add('raw', 'a content type that is not one', { headers: { 'content-type': '\u00ff/\u00ff' }, payload: '{}' });
    add('raw', 'JSON that is not UTF-8', {
      headers: json,
      payload: Buffer.concat([Buffer.from('{"a":"'), NOT_UTF8, Buffer.from('"}')]),
    });
    add('raw', 'JSON in UTF-16', {
      headers: { 'content-type': 'application/json; charset=utf-16' },
      payload: Buffer.from('{}', 'utf16le'),
    });
    add('raw', 'over 64 KiB', {
      headers: json,
      payload: JSON.stringify({ ...(typeof base.body === 'object' ? base.body : {}), pad: 'y'.repeat(BODY_LIMIT + 1) }),
    });
    // A JSON null or no body at all is "no body": accepted where a route has no required field.
    add('accepted-raw', 'JSON null', { headers: json, payload: 'null' });
    add('accepted-raw', 'an empty JSON body', { headers: json, payload: '' });
  }

  // Each body field in turn, each required field missing, and an unknown field.
  if (op.body && base.body !== undefined) {
    for (const { path, required } of fieldsOf(op.body)) {
      const name = path.join('.');
      for (const [label, value] of FIELD_VALUES) {
        add('body', `${name} = ${label}`, { payload: encode(withField(base.body, path, value)) });
      }
      if (required) add('body', `${name} missing`, { payload: encode(withField(base.body, path, undefined, true)) });
    }
    add('body', 'an unknown field', { payload: encode({ ...(base.body as object), zz_unknown: LONG, ['\u00e9']: 1 }) });
  }

  // Each query parameter in turn (values, repeated, as an object, missing), and unknown ones.
  for (const p of op.query) {
    for (const [label, value] of TEXT_VALUES) {
      add('query', `?${p.name} = ${label}`, { url: urlOf(op, pathParams, { ...query, [p.name]: value }) });
    }
    const rest = Object.fromEntries(Object.entries(query).filter(([k]) => k !== p.name));
    add('query', `?${p.name} repeated`, { url: urlOf(op, pathParams, rest, `${p.name}=1&${p.name}=2`) });
    // Without the parameter a stream may be valid, and would never end: only its values are mutated.
    if (op.stream) continue;
    add('query', `?${p.name} as an object`, { url: urlOf(op, pathParams, rest, `${p.name}[a]=1`) });
    if (p.required) add('query', `?${p.name} missing`, { url: urlOf(op, pathParams, rest) });
  }
  add('query', 'unknown query parameters', { url: urlOf(op, pathParams, query, `zz=%00&zz[a]=${'q'.repeat(2000)}`) });

  // Each path parameter in turn.
  for (const p of op.pathParams) {
    for (const [label, value] of [...TEXT_VALUES, ['over the router limit', 'p'.repeat(300)] as [string, string]]) {
      add('path', `/{${p.name}} = ${label}`, { url: urlOf(op, { ...pathParams, [p.name]: value }, query) });
    }
  }

  // Each documented header in turn (the token header is the auth cases' business).
  for (const h of op.headers) {
    for (const [label, value] of HEADER_VALUES) {
      add('header', `${h.name}: ${label}`, {
        headers: { ...(basePayload === undefined ? {} : json), [h.name]: value },
      });
    }
  }
  return cases;
}
