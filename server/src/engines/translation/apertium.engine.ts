/**
 * Apertium, the local rule-based translator (Debian packages apertium-eng-spa, -fr-es, -es-pt, -spa-ita).
 * Pairs: en<->es direct; fr, pt, it <-> es direct; every other pair among en, es, fr, pt, it pivots through es.
 * A whole batch goes through one `apertium -u MODE FILE` call per hop (40-100 ms start-up per process,
 * ~1,400 sentences/s batched; engines.md). Apertium must read a file: from Node's stdin pipe it prints nothing.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import type { TranslateOptions, TranslationEngine } from '../translation.engine.ts';
import { normaliseLanguage } from '../../../../contract/languages.ts';
import { programExists, runProcess } from '../run-process.ts';
import { tempFolderPrefix } from '../../storage/temp-folders.ts';
import { translateProtected } from './glossary-terms.ts';

/** Direct Apertium modes, keyed `from>to` (base language codes). */
const MODES: Record<string, string> = {
  'en>es': 'eng-spa',
  'es>en': 'spa-eng',
  'fr>es': 'fr-es',
  'es>fr': 'es-fr',
  'pt>es': 'pt-es',
  'es>pt': 'es-pt',
  'it>es': 'ita-spa',
  'es>it': 'spa-ita',
};
const LANGS = new Set(['en', 'es', 'fr', 'pt', 'it']);
const MODES_DIR = '/usr/share/apertium/modes';

/**
 * The separator between texts of one batch. Apertium's text format passes `[...]` through untouched as
 * formatting, so a numbered marker on its own paragraph survives and lets us check that nothing merged.
 */
const marker = (i: number) => `[[[#${i}#]]]`;
const MARKER_RE = /\s*\[\[\[#(\d+)#\]\]\]\s*/g;

/** The chain of modes for from -> to, e.g. en>fr = ['eng-spa', 'es-fr']; null when unsupported. */
export function apertiumRoute(from: string, to: string): string[] | null {
  const f = normaliseLanguage(from);
  const t = normaliseLanguage(to);
  if (!LANGS.has(f) || !LANGS.has(t) || f === t) return null;
  if (MODES[`${f}>${t}`]) return [MODES[`${f}>${t}`]];
  return [MODES[`${f}>es`], MODES[`es>${t}`]];
}

/**
 * Characters of texts and their translations the process remembers (rememberedTranslations): 4 million, about
 * 8 MB as JavaScript strings.
 */
export const REMEMBERED_CHARS = 4_000_000;
/** `mode` NUL text -> Apertium's output, least recently used out past REMEMBERED_CHARS (key and value counted). */
const remembered = new LRUCache<string, string>({
  maxSize: REMEMBERED_CHARS,
  sizeCalculation: (translation, key) => key.length + translation.length,
});

/**
 * Apertium's translations of `texts` through `mode`, sending only the texts not translated before in this process.
 * Apertium's output is fixed by the installed language pair and it translates each marked text of a batch on its own,
 * so a remembered translation reads as a new one would; re-dubs, "translate again", a job into Spanish and French
 * (the French pivots through Spanish) and documents repeating their boilerplate ask for the same sentences again, and
 * every call costs the loading of the pair's dictionaries (about 0.3 s of CPU a hop). The most recently used
 * translations are kept, REMEMBERED_CHARS characters at most.
 * @throws the error of `run` (the call for the missing texts).
 */
export async function rememberedTranslations(
  mode: string,
  texts: string[],
  run: (missing: string[]) => Promise<string[]>,
): Promise<string[]> {
  const key = (t: string) => `${mode}\u0000${t}`;
  // Read before the call: another call may push these out of the memory while this one waits.
  const known = new Map<string, string>();
  for (const t of texts) {
    const translation = remembered.get(key(t));
    if (translation !== undefined) known.set(t, translation);
  }
  const missing = [...new Set(texts.filter((t) => !known.has(t)))];
  if (missing.length) {
    const out = await run(missing);
    missing.forEach((t, i) => known.set(t, out[i]));
  }
  for (const [t, translation] of known) remembered.set(key(t), translation);
  return texts.map((t) => known.get(t)!);
}

/** Splits Apertium's output of a marked batch back into `n` texts; null when a marker was lost. */
function splitBatch(output: string, n: number): string[] | null {
  const parts: string[] = [];
  let last = 0;
  let expected = 1;
  for (const m of output.matchAll(MARKER_RE)) {
    if (Number(m[1]) !== expected) return null;
    parts.push(output.slice(last, m.index));
    last = m.index + m[0].length;
    expected++;
  }
  parts.push(output.slice(last));
  return parts.length === n ? parts.map((p) => p.trim()) : null;
}

/**
 * Creates the Apertium engine. Inline tags `<g1>..</g1>` pass through Apertium's text format as they are
 * (measured: "I <g1>like <g2>big</g2></g1> dogs" keeps every tag), so `keepsInlineTags` is true.
 * @throws from `translate`: Error naming apertium and the mode when the program fails.
 */
export function createApertiumEngine(): TranslationEngine {
  // A job into es and fr asks for en->es twice at once (fr pivots through es): the second call shares the first's
  // hop while it runs (rememberedTranslations only knows a hop once it has finished).
  const recent = new Map<string, Promise<string[]>>();
  function runModeShared(mode: string, texts: string[], signal?: AbortSignal): Promise<string[]> {
    const key = `${mode}\u0000${texts.join('\u0001')}`;
    let p = recent.get(key);
    if (!p) {
      p = (async () => {
        const dir = await mkdtemp(tempFolderPrefix('apertium'));
        try {
          return await runMode(mode, texts, dir, signal);
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      })();
      recent.set(key, p);
      p.catch(() => recent.delete(key));
      while (recent.size > 4) recent.delete(recent.keys().next().value!);
    }
    return p;
  }

  async function runMode(mode: string, texts: string[], dir: string, signal?: AbortSignal): Promise<string[]> {
    // Newlines inside a text would read as paragraph breaks; a text is one document unit or media sentence.
    const flat = texts.map((s) => s.replace(/\s*\n\s*/g, ' ').trim());
    const file = path.join(dir, `${mode}.txt`);
    await writeFile(file, flat.map((s, i) => (i === 0 ? s : `\n\n${marker(i)}\n\n${s}`)).join('') + '\n');
    // The apertium script makes its own temporary files (mktemp): inside `dir`, which is removed afterwards.
    const run = { signal, env: { TMPDIR: dir } };
    const { stdout } = await runProcess('apertium', ['-u', mode, file], run);
    const parts = splitBatch(stdout, flat.length);
    if (parts) return parts;
    // A marker got lost or reordered (never seen, but rules may span blanks): translate one by one instead.
    const one: string[] = [];
    for (const s of flat) {
      await writeFile(file, s + '\n');
      one.push((await runProcess('apertium', ['-u', mode, file], run)).stdout.trim());
    }
    return one;
  }

  return {
    id: 'apertium',
    kind: 'local',
    keepsInlineTags: true,
    glossaryByPlaceholders: true,
    supports: (from, to) => apertiumRoute(from, to) !== null,
    async available() {
      return (
        (await programExists('apertium')) &&
        Object.values(MODES).every((m) => existsSync(path.join(MODES_DIR, `${m}.mode`)))
      );
    },
    async translate(input: string[], opts: TranslateOptions): Promise<string[]> {
      const route = apertiumRoute(opts.from, opts.to);
      if (!route) throw new Error(`apertium cannot translate ${opts.from} to ${opts.to}`);
      // Remembered texts need no call that would notice a cancelled job.
      if (opts.signal?.aborted) throw opts.signal.reason;
      if (input.length === 0) return [];
      // Empty texts stay empty and are not sent (an empty paragraph would shift nothing, but saves work).
      const idx = input.map((s, i) => (s.trim() ? i : -1)).filter((i) => i >= 0);
      let texts = idx.map((i) => input[i]);
      try {
        // Glossary terms become placeholders Apertium passes through, then their renderings (glossary-terms.ts).
        texts = await translateProtected(texts, opts.glossary, async (protectedTexts) => {
          let t = protectedTexts;
          for (const mode of route)
            if (t.length)
              t = await rememberedTranslations(mode, t, (missing) => runModeShared(mode, missing, opts.signal));
          return t;
        });
      } catch (e) {
        if (opts.signal?.aborted) throw opts.signal.reason;
        throw new Error(`apertium (${route.join(' then ')}) failed: ${(e as Error).message}`);
      }
      const out = input.map((s) => (s.trim() ? '' : s));
      idx.forEach((i, k) => (out[i] = texts[k]));
      return out;
    },
  };
}
