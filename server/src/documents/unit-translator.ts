/**
 * Sends a document's units through a translation engine: one tagged text per unit (inline tags mark its pieces),
 * identical texts sent once, in batches so progress can be reported and a job can be cancelled between
 * batches. Units without letters (numbers, dates, symbols) are kept as they are.
 */
import type { TranslationEngine } from '../engines/translation.engine.ts';
import type { GlossaryRule } from '../../../contract/glossary.ts';
import { DocumentError } from './document.errors.ts';
import { engineFailure } from '../engines/engine-failure.ts';
import type { TextUnit } from './document-format.ts';
import { restorePieces, stripTags, tagPieces, type TagPlan } from './inline-tags.ts';
import { hasLetters } from './word-count.ts';

/** Texts per engine call: large enough to amortise an Apertium start-up (40-100 ms), small enough for progress. */
const BATCH = 500;

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
  for (let start = 0; start < unique.length; start += BATCH) {
    if (opts.signal?.aborted) throw aborted();
    const batch = unique.slice(start, start + BATCH);
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
    opts.onProgress?.(Math.min(1, (start + batch.length) / unique.length));
  }
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
