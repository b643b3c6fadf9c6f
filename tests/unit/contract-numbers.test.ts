// Issue 24, item 1: every numeric field of the contract refuses Infinity (JSON.parse reads `1e999` as Infinity),
// sent or answered. Walks every schema exported by every contract module.
import fs from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SaveTracksRequest, TracksResponse } from '../../contract/tracks.ts';
import { TranslateJobRequest } from '../../contract/jobs.ts';

type Node = Record<string, unknown>;

/** Paths of the number schemas under `schema` that are not the head of a pipe holding a `finite` check. */
function unguardedNumbers(schema: unknown, where: string, found: string[], seen = new Set<unknown>()): string[] {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return found;
  seen.add(schema);
  const s = schema as Node;
  if (s.kind === 'schema' && s.type === 'number' && !s.pipe) found.push(where);
  const pipe = Array.isArray(s.pipe) ? (s.pipe as Node[]) : [];
  pipe.forEach((part, i) => {
    const head = i === 0 && part.kind === 'schema' && part.type === 'number' && !part.pipe;
    if (head && pipe.some((a) => a.type === 'finite')) seen.add(part);
    unguardedNumbers(part, `${where}|${i}`, found, seen);
  });
  if (Array.isArray(s.options))
    (s.options as unknown[]).forEach((o, i) => unguardedNumbers(o, `${where}/${i}`, found, seen));
  for (const key of ['wrapped', 'item', 'key', 'value']) unguardedNumbers(s[key], `${where}.${key}`, found, seen);
  if (s.entries && typeof s.entries === 'object')
    for (const [k, e] of Object.entries(s.entries)) unguardedNumbers(e, `${where}.${k}`, found, seen);
  return found;
}

describe('the contract refuses non-finite numbers', () => {
  it('has no number field without the finite check, in any exported schema of any module', async () => {
    const dir = path.resolve(import.meta.dirname, '../../contract');
    const unguarded: string[] = [];
    let numbers = 0;
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const mod = (await import(path.join(dir, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(mod)) {
        if (!value || typeof value !== 'object') continue;
        unguardedNumbers(value, `${file}:${name}`, unguarded);
        numbers +=
          JSON.stringify(value, (_k, x) => (typeof x === 'function' ? undefined : x)).split('"type":"finite"').length -
          1;
      }
    }
    expect(unguarded).toEqual([]);
    expect(numbers).toBeGreaterThan(30);
  });

  it('refuses a cue end of 1e999 and a font size of 1e999 as JSON sends them', () => {
    const body = JSON.parse(
      '{"revision":1,"targets":{"es":{"cues":[{"id":"a","start":0,"end":1e999,"text":"Hola"}]}}}',
    ) as unknown;
    const cue = v.safeParse(SaveTracksRequest, body);
    expect(cue.success).toBe(false);
    expect(cue.issues?.[0].message).toBe('end is a number of seconds');
    const negative = v.safeParse(SaveTracksRequest, JSON.parse(JSON.stringify(body).replace('null', '-1e999')));
    expect(negative.success).toBe(false);
    const answer = v.safeParse(TracksResponse, {
      revision: 2,
      source: { language: 'en', cues: [] },
      targets: { es: { cues: [{ id: 'a', start: 0, end: Infinity, text: 'Hola' }] } },
      warnings: {},
    });
    expect(answer.success).toBe(false);
    const style = v.safeParse(
      TranslateJobRequest,
      JSON.parse(
        '{"media_url":"x","source_language":"en","target_languages":["es"],"services_to_run":["subtitle"],"subtitle_style":{"font_size":1e999}}',
      ) as unknown,
    );
    expect(style.success).toBe(false);
  });
});
