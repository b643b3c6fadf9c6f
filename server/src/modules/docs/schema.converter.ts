/**
 * Turns the contract's valibot schemas into JSON Schema 2020-12 (the dialect of OpenAPI 3.1) with
 * @valibot/to-json-schema, under one written-down policy:
 * - Request bodies and queries are converted in `input` mode: they describe what a client SENDS, before the
 *   server's own normalising (trimming, lower-casing) and transforms. Answers are converted in `output` mode.
 * - Trimming has no rule on what is sent and is left out. Lower-casing before a pattern makes that pattern accept
 *   both cases (the server lower-cases first). Several patterns on one value become `allOf` patterns. A custom
 *   check (`v.check`) is described in words by its message.
 * - A key declared optional but refused when missing (the contract's `v.optional(..., '')` idiom, which gives a
 *   missing field its own "is required" message) is documented as required, without the '' default.
 * - What the converter cannot describe (a transform or a union before the rule) is written out in
 *   EXPLICIT_INPUTS. Anything else it cannot convert throws in strict mode (the docs test) and is left out
 *   otherwise (the running server), so a contract change the generator cannot follow fails a test, not start-up.
 * Schemas exported by a contract module become components under their export names; others are inlined.
 */
import * as v from 'valibot';
import {
  toJsonSchemaDefs,
  type ConversionConfig,
  type JsonSchema,
  type OverrideActionContext,
  type OverrideSchemaContext,
} from '@valibot/to-json-schema';
import { ListJobsQuery } from '../../../../contract/jobs.ts';
import { EmailSchema, OtpSchema } from '../../../../contract/auth.ts';
import { LanguageCode, SourceLanguageCode } from '../../../../contract/languages.ts';

type AnySchema = v.GenericSchema<unknown, unknown>;
/** A JSON Schema object as this module builds it. */
export type Json = Record<string, unknown>;

/** Inputs the converter cannot describe, written out by hand (keyed by the schema object itself). */
const EXPLICIT_INPUTS = new Map<unknown, Json>([
  [
    OtpSchema,
    {
      description: 'The 6-digit code from the e-mail: a string (a number is accepted too).',
      anyOf: [
        { type: 'string', pattern: '^\\s*\\d{6}\\s*$' },
        { type: 'integer', minimum: 100000, maximum: 999999 },
      ],
      examples: ['042917'],
    },
  ],
  [
    ListJobsQuery.entries.limit,
    { type: 'integer', minimum: 1, maximum: 1000, default: 200, description: 'How many jobs, newest first.' },
  ],
]);

/** Example values of named inputs, where a generated one would mislead (a pattern's first match is 'aA'). */
const EXAMPLES = new Map<unknown, unknown[]>([
  [LanguageCode, ['es', 'en-gb']],
  [SourceLanguageCode, ['auto', 'en']],
  [EmailSchema, ['user@example.com']],
]);

// Marks a value lower-cased earlier in its pipe; a symbol key, so it never reaches the JSON text.
const LOWERCASED = Symbol('lowercased');

/** `^[a-z]{2}$|^auto$` -> `^[a-zA-Z]{2}$|^[aA][uU][tT][oO]$`: the pattern a value has before it is lower-cased. */
export function caseInsensitive(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      out += c + (pattern[++i] ?? '');
    } else if (inClass) {
      if (c === ']') inClass = false;
      if (/[a-z]/.test(c) && pattern[i + 1] === '-' && /[a-z]/.test(pattern[i + 2] ?? '')) {
        out += `${c}-${pattern[i + 2]}${c.toUpperCase()}-${pattern[i + 2].toUpperCase()}`;
        i += 2;
      } else out += /[a-z]/.test(c) ? c + c.toUpperCase() : c;
    } else if (c === '[') {
      inClass = true;
      out += c;
    } else out += /[a-z]/.test(c) ? `[${c}${c.toUpperCase()}]` : c;
  }
  return out;
}

function withDescription(schema: Json, text: unknown): Json {
  if (typeof text !== 'string' || !text) return schema;
  const before = typeof schema.description === 'string' ? `${schema.description} ` : '';
  return { ...schema, description: `${before}${text}.`.replace(/\.\.$/, '.') };
}

/** True when the server refuses the key's absence (the value `undefined` fails the entry's schema). */
function refusesMissing(entry: AnySchema): boolean {
  return !v.safeParse(entry, undefined).success;
}

function overrideAction(ctx: OverrideActionContext): JsonSchema | null {
  const action = ctx.valibotAction as { type: string; message?: unknown; requirement?: unknown };
  const schema = ctx.jsonSchema as Json & { [LOWERCASED]?: boolean };
  switch (action.type) {
    case 'to_lower_case': {
      const marked: Json = { ...schema, [LOWERCASED]: true };
      return marked;
    }
    case 'regex': {
      const source = (action.requirement as RegExp).source;
      const pattern = schema[LOWERCASED] ? caseInsensitive(source) : source;
      if (ctx.errors?.length) {
        // A second pattern: every one must match.
        const allOf = (schema.allOf as Json[] | undefined) ?? [];
        return { ...schema, allOf: [...allOf, { pattern }] };
      }
      return { ...schema, pattern };
    }
    case 'check':
      return withDescription(schema, action.message);
    case 'finite':
      // A JSON Schema number is finite by definition (JSON has no Infinity); nothing to add.
      return ctx.jsonSchema;
    default:
      return null;
  }
}

function overrideSchema(mode: 'input' | 'output', ctx: OverrideSchemaContext): JsonSchema | null {
  const schema = ctx.valibotSchema as AnySchema & { type: string; entries?: Record<string, AnySchema> };
  if (!schema.entries || !/object/.test(schema.type)) return null;
  const json = ctx.jsonSchema as Json & { properties: Record<string, Json>; required: string[] };
  const properties = { ...json.properties };
  const required = new Set(json.required);
  for (const [key, entry] of Object.entries(schema.entries)) {
    const explicit = mode === 'input' ? EXPLICIT_INPUTS.get(entry) : undefined;
    if (explicit) properties[key] = { ...explicit };
    if (refusesMissing(entry)) {
      required.add(key);
      if (!explicit && properties[key] && 'default' in properties[key]) {
        const { default: _unused, ...rest } = properties[key];
        properties[key] = rest;
      }
    }
  }
  const out: Json = { ...json, properties };
  if (required.size) out.required = [...required];
  else delete out.required;
  return out;
}

/** Options of one conversion run. */
export interface ConvertOptions {
  mode: 'input' | 'output';
  /** Throw on anything the converter cannot describe (tests); otherwise leave it out (the server). */
  strict: boolean;
  /** Component name of a named schema: its $refs point at `#/components/schemas/<name>`. */
  refName: (name: string) => string;
}

/**
 * Converts `defs` (name -> schema) in one run: a schema object met again anywhere becomes a `$ref` to its
 * component. Returns name -> JSON Schema.
 */
export function convertDefinitions(defs: Record<string, AnySchema>, opts: ConvertOptions): Record<string, Json> {
  const config: ConversionConfig = {
    target: 'draft-2020-12',
    typeMode: opts.mode,
    errorMode: opts.strict ? 'throw' : 'ignore',
    ignoreActions: ['trim'],
    overrideAction,
    overrideSchema: (ctx) => overrideSchema(opts.mode, ctx),
    overrideRef: (ctx) => `#/components/schemas/${opts.refName(ctx.referenceId)}`,
  };
  const out = toJsonSchemaDefs(defs, config) as Record<string, Json>;
  for (const [name, schema] of Object.entries(defs)) {
    const explicit = opts.mode === 'input' ? EXPLICIT_INPUTS.get(schema) : undefined;
    if (explicit) out[name] = { ...explicit };
    else if (refusesMissing(schema) && 'default' in out[name]) delete out[name].default;
    const examples = opts.mode === 'input' ? EXAMPLES.get(schema) : undefined;
    if (examples) out[name] = { ...out[name], examples };
  }
  // Symbol marks and undefined values never reach the document.
  return JSON.parse(JSON.stringify(out)) as Record<string, Json>;
}

/** True for a valibot schema object (what a contract module exports beside constants and functions). */
export function isSchema(value: unknown): value is AnySchema {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema';
}

/** Every schema reachable from `root` (object entries, items, wrapped, options, pipes, records). */
export function reachableSchemas(root: AnySchema, seen = new Set<AnySchema>()): Set<AnySchema> {
  if (seen.has(root)) return seen;
  seen.add(root);
  const s = root as unknown as Record<string, unknown>;
  const children: unknown[] = [
    ...Object.values((s.entries as Record<string, unknown> | undefined) ?? {}),
    s.item,
    s.wrapped,
    s.key,
    s.value,
    s.rest,
    ...((s.options as unknown[] | undefined) ?? []),
    ...((s.pipe as unknown[] | undefined) ?? []),
  ];
  for (const child of children) if (isSchema(child)) reachableSchemas(child, seen);
  return seen;
}
