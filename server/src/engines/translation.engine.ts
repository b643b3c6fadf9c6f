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
 * One text to say in fewer characters (issue 20 item 2): the `translation` of `source`, to be rendered in at most
 * `maxChars` characters keeping its meaning; `before`/`after` are the neighbouring translated lines (context).
 */
export interface RephraseItem {
  source: string;
  translation: string;
  maxChars: number;
  before?: string;
  after?: string;
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
  /**
   * True when `translate` applies `opts.glossary` by protected terms (translation/glossary-terms.ts
   * translateProtected), so a caller may protect the texts itself (on a worker thread: documents/document-thread.ts)
   * and call without the glossary, to the same effect.
   */
  readonly glossaryByPlaceholders?: boolean;
  /** True when this engine can translate from -> to (directly or through a pivot language). */
  supports(from: string, to: string): boolean;
  /** True when the engine's binary or server is usable now. */
  available(): Promise<boolean>;
  /**
   * Translates `texts`; returns one string per text.
   * @throws Error with a message naming the engine when the engine fails (process exit, HTTP error after retries).
   */
  translate(texts: string[], opts: TranslateOptions): Promise<string[]>;
  /**
   * Only engines that can rephrase (a language model): one shorter rendering per item, in order, in the language
   * `opts.to` (it may still be longer than asked: callers check). Absent on engines that cannot (Apertium, DeepL,
   * LibreTranslate).
   * @throws Error naming the engine, as `translate`.
   */
  rephrase?: (items: RephraseItem[], opts: TranslateOptions) => Promise<string[]>;
}
