/**
 * The shapes of the engines' answers, as valibot schemas (issue 39 item 7): an answer that does not match (a chat
 * model writing `{"translations": []}` to a rephrasing request, a transcription without its word list) is an
 * EngineAnswerError instead of being taken as an empty or partial result. Sources: OpenAI API reference,
 * `TranscriptionVerbose` and chat completion `message.content` (our prompts' JSON contracts).
 */
import * as v from 'valibot';
import { EngineHttpError } from './engine-failure.ts';

/** An engine answered (HTTP 2xx) with a body that does not match its documented or requested shape. */
export class EngineAnswerError extends EngineHttpError {
  constructor(engine: string, what: string, issue: string) {
    super(`${engine}: the answer to the ${what} does not match its schema (${issue})`, engine, 200, 'unavailable');
    this.name = 'EngineAnswerError';
  }
}

/** Times in seconds: finite and not negative. */
const Seconds = v.pipe(v.number(), v.finite(), v.minValue(0));

/** OpenAI `TranscriptionVerbose` (response_format verbose_json with word and segment timestamps). */
export const VerboseTranscription = v.object({
  language: v.optional(v.string()),
  duration: v.optional(Seconds),
  text: v.optional(v.string()),
  // Optional: OpenAI-compatible servers leave out a list they were not asked for or have nothing in.
  words: v.optional(v.array(v.object({ word: v.string(), start: Seconds, end: Seconds }))),
  segments: v.optional(v.array(v.object({ start: Seconds, end: Seconds, text: v.string() }))),
});
export type VerboseTranscription = v.InferOutput<typeof VerboseTranscription>;

/** The JSON object a chat model must answer with: `{ [field]: [one string per item] }`, exactly `count` items. */
export const stringListAnswer = (field: string, count: number) =>
  v.object({ [field]: v.pipe(v.array(v.string()), v.length(count, `${count} strings expected`)) });

/**
 * `value` when it matches `schema`.
 * @throws EngineAnswerError naming `engine`, `what` was asked and the first issue (path and message).
 */
export function answerOf<S extends v.GenericSchema>(
  schema: S,
  value: unknown,
  engine: string,
  what: string,
): v.InferOutput<S> {
  const r = v.safeParse(schema, value);
  if (r.success) return r.output;
  const first = r.issues[0];
  const where = v.getDotPath(first);
  throw new EngineAnswerError(engine, what, `${where ? `${where}: ` : ''}${first.message}`);
}
