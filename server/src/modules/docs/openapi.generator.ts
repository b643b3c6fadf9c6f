/**
 * The OpenAPI 3.1 document of the API, generated from the contract alone: one operation per `ENDPOINTS` entry
 * (and one per alias), request and answer schemas from its valibot schemas (schema.converter.ts), error answers
 * from `errorCodesOf` and the `ERRORS` table. Pure: it reads only contract/ and imports nothing of the server's
 * runtime, so a script can print it too (`buildOpenApiDocument({ strict: true })`).
 */
import type * as v from 'valibot';
import * as authContract from '../../../../contract/auth.ts';
import * as billingContract from '../../../../contract/billing.ts';
import * as errorsContract from '../../../../contract/errors.ts';
import * as errorDetailsContract from '../../../../contract/error-details.ts';
import * as jobsContract from '../../../../contract/jobs.ts';
import * as outputsContract from '../../../../contract/outputs.ts';
import * as languagesContract from '../../../../contract/languages.ts';
import * as capabilitiesContract from '../../../../contract/capabilities.ts';
import * as cuesContract from '../../../../contract/cues.ts';
import * as cueRulesContract from '../../../../contract/cue-rules.ts';
import * as tracksContract from '../../../../contract/tracks.ts';
import * as textHygieneContract from '../../../../contract/text-hygiene.ts';
import * as numbersContract from '../../../../contract/numbers.ts';
import * as apiKeysContract from '../../../../contract/api-keys.ts';
import * as webhooksContract from '../../../../contract/webhooks.ts';
import * as creditPacksContract from '../../../../contract/credit-packs.ts';
import * as ownWordsContract from '../../../../contract/own-words.ts';
import * as speakersContract from '../../../../contract/speakers.ts';
import * as syncContract from '../../../../contract/sync.ts';
import * as qualityContract from '../../../../contract/quality.ts';
import * as glossaryContract from '../../../../contract/glossary.ts';
import * as teamsContract from '../../../../contract/teams.ts';
import * as uploadsContract from '../../../../contract/uploads.ts';
import * as usersContract from '../../../../contract/users.ts';
import { ENDPOINTS, errorCodesOf, type Endpoint, type EndpointTag } from '../../../../contract/endpoints.ts';
import { ERROR_CODES, ERRORS, ErrorBody, type ErrorCode } from '../../../../contract/errors.ts';
import { convertDefinitions, isSchema, reachableSchemas, type Json } from './schema.converter.ts';
import { API_TITLE, API_VERSION, AUTH_TEXTS, OVERVIEW, TAG_TEXTS } from './openapi.texts.ts';

type AnySchema = v.GenericSchema<unknown, unknown>;

/**
 * The contract's modules by file name: their exported schemas become components under their export names. A new
 * contract file is added here (a docs test checks that every file of contract/ is).
 */
export const CONTRACT_MODULES: Record<string, Record<string, unknown>> = {
  'auth.ts': authContract,
  'users.ts': usersContract,
  'uploads.ts': uploadsContract,
  'jobs.ts': jobsContract,
  'billing.ts': billingContract,
  'errors.ts': errorsContract,
  'languages.ts': languagesContract,
  'capabilities.ts': capabilitiesContract,
  'cues.ts': cuesContract,
  'cue-rules.ts': cueRulesContract,
  'tracks.ts': tracksContract,
  'text-hygiene.ts': textHygieneContract,
  'numbers.ts': numbersContract,
  // Issue 23
  'api-keys.ts': apiKeysContract,
  'webhooks.ts': webhooksContract,
  'credit-packs.ts': creditPacksContract,
  'own-words.ts': ownWordsContract,
  // Issue 19
  'speakers.ts': speakersContract,
  // Issue 20
  'sync.ts': syncContract,
  'glossary.ts': glossaryContract,
  // Issue 35: glossary term matching (code only, no schemas).
  'glossary-matcher.ts': {},
  // Issue 23 item 5
  'teams.ts': teamsContract,
  // Issue 36: the dub segments of a track, shared by the server and the editor (code only, no schemas).
  'dub-segments.ts': {},
  // Issue 36: output kinds, render paths and the outputs list (re-exported by jobs.ts, whose names come first).
  'outputs.ts': outputsContract,
  // Issue 37: the quality check's findings.
  'quality.ts': qualityContract,
  // Error details (re-exported by errors.ts, whose names come first).
  'error-details.ts': errorDetailsContract,
};

/** Options of `buildOpenApiDocument`. */
export interface OpenApiOptions {
  /** Throw when a schema cannot be described (tests, scripts); the server leaves such parts out instead. */
  strict?: boolean;
}

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const pascal = (name: string) => name[0].toUpperCase() + name.slice(1);

/** The export name of every schema the contract modules export (the first, when one is exported twice). */
function contractSchemaNames(): Map<AnySchema, string> {
  const names = new Map<AnySchema, string>();
  for (const module of Object.values(CONTRACT_MODULES))
    for (const [name, value] of Object.entries(module))
      if (isSchema(value) && !names.has(value)) names.set(value, name);
  return names;
}

/** Roots (name -> schema) plus every named schema they reach. */
function definitionsOf(roots: Map<string, AnySchema>, names: Map<AnySchema, string>): Record<string, AnySchema> {
  const defs: Record<string, AnySchema> = {};
  for (const [name, schema] of roots) {
    defs[name] = schema;
    for (const inner of reachableSchemas(schema)) {
      const innerName = names.get(inner);
      if (innerName) defs[innerName] = inner;
    }
  }
  return defs;
}

/** Replaces every inline enum of all error codes with a $ref to the ErrorCode component. */
function refErrorCodes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(refErrorCodes);
  if (typeof node !== 'object' || node === null) return node;
  const json = node as Json;
  if (
    Array.isArray(json.enum) &&
    json.enum.length === ERROR_CODES.length &&
    json.enum.every((c, i) => c === ERROR_CODES[i])
  )
    return ref('ErrorCode');
  return Object.fromEntries(Object.entries(json).map(([k, val]) => [k, refErrorCodes(val)]));
}

/** The ErrorCode component: the enum, with the table of statuses and English messages. */
function errorCodeSchema(): Json {
  const rows = ERROR_CODES.map((c) => `| \`${c}\` | ${ERRORS[c].status} | ${ERRORS[c].message} |`);
  return {
    type: 'string',
    enum: [...ERROR_CODES],
    description: [
      "Stable error codes (`ErrorBody.code`, a failed job's `error_code`).",
      '',
      '| code | status | message |',
      '|---|---|---|',
      ...rows,
    ].join('\n'),
  };
}

/** Every component a $ref in `node` reaches, transitively. */
function referencedNames(node: unknown, schemas: Record<string, Json>, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) referencedNames(item, schemas, found);
  else if (typeof node === 'object' && node !== null) {
    const target = (node as Json).$ref;
    if (typeof target === 'string' && target.startsWith('#/components/schemas/')) {
      const name = target.slice('#/components/schemas/'.length);
      if (!found.has(name)) {
        found.add(name);
        referencedNames(schemas[name], schemas, found);
      }
    }
    for (const value of Object.values(node)) referencedNames(value, schemas, found);
  }
  return found;
}

interface Schemas {
  /** Component schemas by name. */
  components: Record<string, Json>;
  /** The JSON Schema of an endpoint's body, query or answer: a $ref to a named one, else inline. */
  of(schema: AnySchema, mode: 'input' | 'output'): Json;
}

/** Converts every schema the endpoints use, in input mode (bodies, queries) and output mode (answers). */
function convertAll(endpoints: [string, Endpoint][], strict: boolean): Schemas {
  const names = contractSchemaNames();
  const rootNames = new Map<AnySchema, string>();
  const inputRoots = new Map<string, AnySchema>();
  const outputRoots = new Map<string, AnySchema>([['ErrorBody', ErrorBody]]);
  const root = (into: Map<string, AnySchema>, schema: AnySchema | undefined, fallback: string) => {
    if (!schema) return;
    const name = names.get(schema) ?? fallback;
    rootNames.set(schema, name);
    into.set(name, schema);
  };
  for (const [name, e] of endpoints) {
    root(inputRoots, e.body, `${pascal(name)}Body`);
    root(inputRoots, e.query, `${pascal(name)}Query`);
    root(outputRoots, e.response.schema, `${pascal(name)}Response`);
  }
  const inputDefs = definitionsOf(inputRoots, names);
  const outputDefs = definitionsOf(outputRoots, names);
  // A schema used both ways gets two components: its input one is called <Name>Input.
  const inputName = (name: string) => (name in outputDefs ? `${name}Input` : name);
  const input = convertDefinitions(inputDefs, { mode: 'input', strict, refName: inputName });
  const output = convertDefinitions(outputDefs, { mode: 'output', strict, refName: (n) => n });
  const components: Record<string, Json> = { ...output };
  for (const [name, json] of Object.entries(input)) components[inputName(name)] = json;
  for (const [name, json] of Object.entries(components)) components[name] = refErrorCodes(json) as Json;
  components.ErrorCode = errorCodeSchema();
  return {
    components,
    of(schema, mode) {
      const name = rootNames.get(schema)!;
      const key = mode === 'input' ? inputName(name) : name;
      // Only the contract's own names are components; a schema written inline in the table stays inline.
      return names.has(schema) ? ref(key) : components[key];
    },
  };
}

function parametersOf(e: Endpoint, path: string, schemas: Schemas): Json[] {
  const params: Json[] = [];
  for (const [, name] of path.matchAll(/\{(\w+)\}/g))
    params.push({
      name,
      in: 'path',
      required: true,
      description: e.pathParams?.[name] ?? 'The id, as the API gave it.',
      schema: { type: 'string' },
    });
  if (e.query) {
    const query = schemas.of(e.query, 'input');
    const resolved = typeof query.$ref === 'string' ? schemas.components[query.$ref.split('/').pop()!] : query;
    const required = new Set((resolved.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((resolved.properties as Record<string, Json> | undefined) ?? {})) {
      const { description, ...rest } = schema;
      params.push({ name, in: 'query', required: required.has(name), description, schema: rest });
    }
  }
  for (const h of e.headers ?? []) {
    // OpenAPI ignores Content-Type header parameters: the request body's media type says it.
    if (h.name.toLowerCase() === 'content-type') continue;
    params.push({
      name: h.name,
      in: 'header',
      required: h.required ?? false,
      description: h.description,
      schema: { type: h.type ?? 'string' },
    });
  }
  return params;
}

function requestBodyOf(e: Endpoint, schemas: Schemas): Json | undefined {
  const contentTypeNote = e.headers?.find((h) => h.name.toLowerCase() === 'content-type')?.description;
  let content: Record<string, Json>;
  if (e.body) {
    const schema = schemas.of(e.body, 'input');
    content =
      e.bodyType === 'application/x-www-form-urlencoded'
        ? { 'application/x-www-form-urlencoded': { schema }, 'multipart/form-data': { schema } }
        : { 'application/json': { schema } };
  } else if (e.bodyType === 'application/octet-stream') content = { '*/*': {} };
  else if (e.bodyType) content = { [e.bodyType]: {} };
  else return undefined;
  return {
    required: !e.bodyOptional,
    ...(contentTypeNote ? { description: `Content-Type: ${contentTypeNote}` } : {}),
    content,
  };
}

function successResponses(e: Endpoint, schemas: Schemas): Record<string, Json> {
  const r = e.response;
  const headers: Record<string, Json> = {};
  for (const [name, description] of Object.entries(r.headers ?? {}))
    headers[name] = { description, schema: { type: 'string' } };
  if (r.status >= 300 && r.status < 400 && !headers.Location)
    headers.Location = { description: 'Where to go next', schema: { type: 'string' } };
  let content: Record<string, Json> | undefined;
  if (r.schema) content = { 'application/json': { schema: schemas.of(r.schema, 'output') } };
  else if (r.contentType)
    content = { [r.contentType]: { schema: r.contentType.startsWith('text/') ? { type: 'string' } : {} } };
  const answer: Json = {
    description: r.description ?? 'Success',
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(content && e.method !== 'HEAD' ? { content } : {}),
  };
  return Object.fromEntries([r.status, ...(r.alsoStatuses ?? [])].map((s) => [String(s), answer]));
}

function errorResponses(e: Endpoint): Record<string, Json> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(e))
    byStatus.set(ERRORS[code].status, [...(byStatus.get(ERRORS[code].status) ?? []), code]);
  const out: Record<string, Json> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[String(status)] = {
      description: codes.map((c) => `- \`${c}\`: ${ERRORS[c].message}`).join('\n'),
      headers: codes.includes('RATE_LIMITED')
        ? { 'Retry-After': { description: 'Seconds to wait (RATE_LIMITED)', schema: { type: 'integer' } } }
        : undefined,
      content: {
        'application/json': {
          schema: { allOf: [ref('ErrorBody'), { type: 'object', properties: { code: { enum: codes } } }] },
        },
      },
    };
    if (!out[String(status)].headers) delete out[String(status)].headers;
  }
  for (const [status, text] of Object.entries(e.textErrors ?? {}))
    out[status] = { description: text, content: { 'text/plain': { schema: { type: 'string' } } } };
  return out;
}

function operationOf(name: string, e: Endpoint, path: string, aliasOf: string | undefined, schemas: Schemas): Json {
  const parameters = parametersOf(e, path, schemas);
  const requestBody = requestBodyOf(e, schemas);
  const description = [aliasOf ? `Same as \`${aliasOf}\`.` : '', e.description ?? '', AUTH_TEXTS[e.auth]]
    .filter(Boolean)
    .join('\n\n');
  return {
    operationId: name,
    tags: [e.tag],
    summary: e.summary,
    ...(description ? { description } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { ...successResponses(e, schemas), ...errorResponses(e) },
    ...(e.auth === 'bearer' ? { security: [{ bearerAuth: [] }] } : {}),
    'x-error-codes': errorCodesOf(e),
  };
}

/**
 * The OpenAPI 3.1 document of every call in `ENDPOINTS`.
 * @throws Error in strict mode when a contract schema has a part JSON Schema cannot describe.
 */
export function buildOpenApiDocument(options: OpenApiOptions = {}): Json {
  const endpoints = Object.entries(ENDPOINTS as Record<string, Endpoint>);
  const schemas = convertAll(endpoints, options.strict ?? false);
  const paths: Record<string, Record<string, Json>> = {};
  const add = (path: string, method: string, operation: Json) => {
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = operation;
  };
  for (const [name, e] of endpoints) {
    add(e.path, e.method, operationOf(name, e, e.path, undefined, schemas));
    (e.aliases ?? []).forEach((alias, i) => {
      // The alias is the same call under another method or path: its codes follow its own method.
      const aliased: Endpoint = { ...e, method: alias.method, path: alias.path };
      const operation = operationOf(
        `${name}Alias${i ? i + 1 : ''}`,
        aliased,
        alias.path,
        `${e.method} ${e.path}`,
        schemas,
      );
      add(alias.path, alias.method, operation);
    });
  }
  const used = referencedNames([paths, ref('ErrorBody'), ref('ErrorCode')], schemas.components);
  const componentSchemas = Object.fromEntries(Object.entries(schemas.components).filter(([n]) => used.has(n)));
  const document = {
    openapi: '3.1.0',
    info: { title: API_TITLE, version: API_VERSION, description: OVERVIEW },
    servers: [{ url: '/' }],
    tags: (Object.keys(TAG_TEXTS) as EndpointTag[]).map((tag) => ({ name: tag, description: TAG_TEXTS[tag] })),
    paths,
    components: {
      schemas: componentSchemas,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The `access_token` of POST /auth/login (or of Google sign-in), or an API key `tjk_...` ' +
            '(POST /v1/api-keys, Pro and Business plans).',
        },
      },
      'x-error-codes': Object.fromEntries(ERROR_CODES.map((c) => [c, { ...ERRORS[c] }])),
    },
  };
  // Plain JSON: no undefined members.
  return JSON.parse(JSON.stringify(document)) as Json;
}
