/**
 * The translation stage's interface. Media (subtitles) and documents both translate through it.
 * Language codes are ISO 639-1 base codes ('en', 'es', 'ar', 'zh'...); 'en-gb' etc. are normalised by callers.
 */
import type { GlossaryRule } from '../../../contract/glossary.ts';

/** Options of one batch translation. */
export interface TranslateOptions {
  from: string;
  to: string;
  /** Aborts the batch; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * The job's glossary for this pair (contract glossaryRules): every engine applies it its own way (DeepL: its
   * glossary API; chat completions: in the prompt; Apertium and LibreTranslate: protected terms,
   * translation/glossary-terms.ts).
   */
  glossary?: readonly GlossaryRule[];
}

/**
 * A machine translation engine. `translate` takes a batch of texts (media sentences or document units) and returns
 * exactly one translation per text, in order. Texts may carry inline tags `<g1>...</g1>` (run boundaries of a unit);
 * engines with `keepsInlineTags` try to carry them through, callers must still handle lost or reordered tags.
 */
export interface TranslationEngine {
  /** Stable id, e.g. 'apertium', 'openai', 'deepl', 'libretranslate'. */
  readonly id: string;
  /** 'local' runs on this machine, 'network' calls an HTTP API. */
  readonly kind: 'local' | 'network';
  /** Whether inline tags survive translation (best effort). */
  readonly keepsInlineTags: boolean;
  /** True when this engine can translate from -> to (directly or through a pivot language). */
  supports(from: string, to: string): boolean;
  /** True when the engine's binary or server is usable now. */
  available(): Promise<boolean>;
  /**
   * Translates `texts`; returns one string per text.
   * @throws Error with a message naming the engine when the engine fails (process exit, HTTP error after retries).
   */
  translate(texts: string[], opts: TranslateOptions): Promise<string[]>;
}
