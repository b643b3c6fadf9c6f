/**
 * Sends a document's units through a translation engine: one tagged text per unit (inline tags mark its pieces),
 * identical texts sent once, in batches so progress can be reported and a job can be cancelled between
 * batches; a network engine's batches are cut by characters and several run at once (UnitBatching). Units without letters (numbers, dates, symbols) are kept as they are.
 */
import type { TranslationEngine } from '../engines/translation.engine.ts';
import type { GlossaryRule } from '../../../contract/glossary.ts';
import { DocumentError } from './document.errors.ts';
import { engineFailure } from '../engines/engine-failure.ts';
import type { TextUnit } from './document-format.ts';
import { restorePieces, stripTags, tagPieces, type TagPlan } from './inline-tags.ts';
import { hasLetters } from './word-count.ts';
import { mapBounded } from '../engines/engine-gate.ts';

/** Texts per engine call: large enough to amortise an Apertium start-up (40-100 ms), small enough for progress. */
const BATCH = 500;

/**
 * How a network engine's calls are cut and run (issue 26 item 5: a 50-page document went one request at a time and
 * a chat model's answer to 40 long paragraphs outlasted its timeout): at most `maxChars` characters per call
 * (TRANSLATION_BATCH_MAX_CHARS) and `parallel` calls at once (TRANSLATION_PARALLEL_BATCHES; each engine's own
 * gate bounds its requests in flight). A local engine gets batches of BATCH texts, one at a time (its CPU is ours).
 */
export interface UnitBatching {
  maxChars: number;
  parallel: number;
}

/** Defaults of the settings above. */
export const DEFAULT_UNIT_BATCHING: UnitBatching = { maxChars: 8000, parallel: 4 };

/**
 * Cuts `texts` into consecutive batches of at most `maxTexts` texts and `maxChars` characters (UTF-16 units);
 * a text longer than `maxChars` goes alone.
 */
export function unitBatches(texts: string[], maxTexts: number, maxChars = Infinity): string[][] {
  const out: string[][] = [];
  let cur: string[] = [];
  let chars = 0;
  for (const t of texts) {
    if (cur.length && (cur.length >= maxTexts || chars + t.length > maxChars)) {
      out.push(cur);
      cur = [];
      chars = 0;
    }
    cur.push(t);
    chars += t.length;
  }
  if (cur.length) out.push(cur);
  return out;
}

/** Result of translating units: pieces per unit, and how many units needed the by-length fallback. */
export interface TranslatedUnits {
  pieces: string[][];
  fallbacks: number;
  /** Units sent to the engine (those with letters). */
  sent: number;
}

/**
 * Translates `units` from -> to with `engine`.
 * @param onProgress fraction 0..1 of texts done
 * @throws DocumentError ENGINE_FAILED (engine error or wrong answer count), ENGINE_QUOTA_EXCEEDED,
 *         ENGINE_INPUT_TOO_LARGE, ENGINE_REFUSED (engine-failure.ts), ABORTED (signal)
 */
export async function translateUnits(
  units: TextUnit[],
  engine: TranslationEngine,
  opts: {
    from: string;
    to: string;
    signal?: AbortSignal;
    onProgress?: (fraction: number) => void;
    /** Network engines' batches (settings); default DEFAULT_UNIT_BATCHING. */
    batching?: UnitBatching;
    /** The job's glossary rules for this pair (contract glossaryRules). */
    glossary?: readonly GlossaryRule[];
  },
): Promise<TranslatedUnits> {
  const plans: Array<{ text: string; plan: TagPlan } | null> = units.map((u) =>
    hasLetters(u.pieces.join('')) ? tagPieces(u.pieces) : null,
  );
  // A local rule-based engine (Apertium) reads a tag as a break and loses agreement across it ("El casa roja"):
  // it also gets each tagged text without tags, whose wording restorePieces keeps where the runs fit.
  // Network engines handle tags well and are paid per character, so they get the tagged text only.
  const withPlain = engine.kind === 'local';
  const plainOf = (p: { text: string }) => (withPlain && /<g\d+>/.test(p.text) ? stripTags(p.text) : null);
  const unique = [
    ...new Set(
      plans
        .filter((p) => p !== null)
        .flatMap((p) => [p.text, plainOf(p)])
        .filter((x): x is string => x !== null),
    ),
  ];
  const answers = new Map<string, string>();
  const batching = opts.batching ?? DEFAULT_UNIT_BATCHING;
  const network = engine.kind === 'network';
  const batches = unitBatches(unique, BATCH, network ? batching.maxChars : Infinity);
  let done = 0;
  await mapBounded(batches, network ? batching.parallel : 1, async (batch) => {
    if (opts.signal?.aborted) throw aborted();
    let out: string[];
    try {
      out = await engine.translate(batch, {
        from: opts.from,
        to: opts.to,
        signal: opts.signal,
        glossary: opts.glossary,
      });
    } catch (e) {
      if (opts.signal?.aborted) throw aborted();
      const failure = engineFailure(e, 'translation', engine.id);
      throw new DocumentError(
        failure.code,
        failure.code === 'ENGINE_FAILED'
          ? `Translation from ${opts.from} to ${opts.to} failed (${engine.id}). Please try again later.`
          : failure.message,
        (e as Error).message,
      );
    }
    if (!Array.isArray(out) || out.length !== batch.length) {
      throw new DocumentError(
        'ENGINE_FAILED',
        `Translation engine ${engine.id} returned ${out?.length ?? 0} texts for ${batch.length}.`,
      );
    }
    batch.forEach((s, k) => answers.set(s, out[k]));
    done += batch.length;
    opts.onProgress?.(Math.min(1, done / unique.length));
  });
  let fallbacks = 0;
  const pieces = units.map((u, i) => {
    const p = plans[i];
    if (!p) return u.pieces.slice();
    const plain = plainOf(p);
    const restored = restorePieces(
      answers.get(p.text) ?? '',
      u.pieces,
      p.plan,
      plain === null ? undefined : answers.get(plain),
    );
    if (restored.fallback) fallbacks++;
    return restored.pieces;
  });
  if (!unique.length) opts.onProgress?.(1);
  return { pieces, fallbacks, sent: plans.filter((p) => p).length };
}

function aborted(): DocumentError {
  return new DocumentError('CANCELLED', 'The document translation was cancelled.');
}
