/**
 * The voices a language's dub really speaks (issue 39 item 6): a run with two speakers or more gives each speaker
 * a voice of its own (speaker-voices.ts), so the language's chosen voice alone misreports the dub.
 */
import type { VoiceChoice } from '../engines/engine-choice.ts';
import type { DubSegment } from './dub-segments.ts';

/** What a language's dub was voiced with, as API voice ids (`<engine>:<voice>`). */
export interface VoicesUsed {
  /** The voice of the first segment (the first speaker heard): the job's `voices[lang]`. */
  voice: string;
  /** Per speaker id (`S1`…) the voice of their segments; empty when the segments name no speaker. */
  speakers: Record<string, string>;
}

/**
 * The voices of `segments` (before any clone replaces them): a segment's own `voice` (a voice id of the choice's
 * engine) or else the language's chosen one. No segments: the chosen voice.
 */
export function voicesUsed(segments: readonly DubSegment[], choice: VoiceChoice): VoicesUsed {
  const idOf = (voice?: string) => (voice ? `${choice.engine.id}:${voice}` : choice.id);
  const speakers: Record<string, string> = {};
  for (const x of segments) if (x.speaker && !(x.speaker in speakers)) speakers[x.speaker] = idOf(x.voice);
  return { voice: segments.length ? idOf(segments[0].voice) : choice.id, speakers };
}
