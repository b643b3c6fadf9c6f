// The forms validate with the contract's schemas and the server answers VALIDATION_FAILED with the same messages:
// every message those schemas carry must have a translation, or an English sentence would reach the Arabic UI.
import { afterAll, describe, expect, it } from 'vitest';
import type * as v from 'valibot';
import * as auth from '../../contract/auth.ts';
import * as users from '../../contract/users.ts';
import { ENDPOINTS } from '../../contract/endpoints.ts';
import { CONTRACT_MESSAGES, FIELD_INVALID, messageOf } from '../../src/lib/contract-messages.ts';
import { activateLocale, i18n } from '../../src/lib/i18n.ts';

/** Every `message` string a valibot schema holds: its own, its pipe's actions', and those of its parts. */
function messagesOf(schema: unknown, found = new Set<string>()): Set<string> {
  if (!schema || typeof schema !== 'object') return found;
  const s = schema as Record<string, unknown>;
  if (typeof s.message === 'string') found.add(s.message);
  for (const key of ['pipe', 'options'] as const)
    if (Array.isArray(s[key])) for (const part of s[key] as unknown[]) messagesOf(part, found);
  for (const key of ['wrapped', 'item', 'key', 'value'] as const) messagesOf(s[key], found);
  if (s.entries && typeof s.entries === 'object') for (const part of Object.values(s.entries)) messagesOf(part, found);
  return found;
}

const schemasOfModule = (mod: Record<string, unknown>) =>
  Object.values(mod).filter((x): x is v.GenericSchema => Boolean(x && typeof x === 'object' && 'kind' in x));
/** The schemas the auth and profile forms validate with (contract/auth.ts and users.ts). */
const FORM_MESSAGES = [
  ...new Set([...schemasOfModule(auth), ...schemasOfModule(users)].flatMap((s) => [...messagesOf(s)])),
];
/** Every request body and query of the API (what VALIDATION_FAILED `fields` can hold). */
const API_MESSAGES = [
  ...new Set(
    Object.values(ENDPOINTS).flatMap((e) => [
      ...messagesOf('body' in e ? e.body : undefined),
      ...messagesOf('query' in e ? e.query : undefined),
    ]),
  ),
];

afterAll(() => activateLocale('en', { persist: false }));

describe('contract messages', () => {
  it('finds the messages of the schemas (the walk reaches pipes, optionals and objects)', () => {
    expect(FORM_MESSAGES).toEqual(
      expect.arrayContaining(['Email is required', 'Contains at least one number', 'Invalid email address.']),
    );
    expect(API_MESSAGES).toEqual(expect.arrayContaining(['Please select at least one target language']));
  });

  it('has a descriptor for every message of the auth and profile schemas, with the same English source', () => {
    const missing = FORM_MESSAGES.filter((m) => !Object.hasOwn(CONTRACT_MESSAGES, m));
    expect(missing).toEqual([]);
    for (const m of FORM_MESSAGES) expect(CONTRACT_MESSAGES[m].message, m).toBe(m);
  });

  it('has a descriptor for every message a request body or query can answer with', () => {
    expect(API_MESSAGES.filter((m) => messageOf(m) === FIELD_INVALID)).toEqual([]);
  });

  it('translates every one of them into Arabic', async () => {
    await activateLocale('ar', { persist: false });
    for (const m of new Set([...FORM_MESSAGES, ...API_MESSAGES]))
      expect(i18n._(messageOf(m)), m).toMatch(/[\u0600-\u06ff]/);
  });
});
