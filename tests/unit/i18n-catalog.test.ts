// Every English message has an Arabic translation with the same placeholders (house style 13).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function parsePo(file: string): Map<string, string> {
  const text = fs.readFileSync(file, 'utf8');
  const entries = new Map<string, string>();
  const re = /msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/g;
  for (const m of text.matchAll(re)) if (m[1] !== '') entries.set(m[1], m[2]);
  return entries;
}
// Each placeholder and tag once: an ICU plural repeats a placeholder once per category, and Arabic has six.
const placeholders = (s: string) => [...new Set([...s.matchAll(/\{[\w]+\}|<\/?\d+>/g)].map((m) => m[0]))].sort();

const dir = path.resolve(__dirname, '../../src/locales');
const en = parsePo(path.join(dir, 'en/messages.po'));
const ar = parsePo(path.join(dir, 'ar/messages.po'));

describe('Arabic catalog', () => {
  it('has the English catalog to compare with', () => {
    expect(en.size).toBeGreaterThan(300);
  });

  it('translates every message', () => {
    const missing = [...en.keys()].filter((id) => !ar.get(id));
    expect(missing).toEqual([]);
  });

  it('keeps every placeholder and tag', () => {
    const broken = [...ar.entries()]
      .filter(([id, str]) => str && placeholders(id).join() !== placeholders(str).join())
      .map(([id]) => id);
    expect(broken).toEqual([]);
  });

  it('is written in Arabic script, not copied English', () => {
    const untranslated = [...ar.entries()].filter(
      ([id, str]) => /[a-z]{4,}/i.test(id) && !/[\u0600-\u06ff]/.test(str) && !/^(Explorer|Pro)$/.test(id),
    );
    expect(untranslated.map(([id]) => id)).toEqual([]);
  });
});
