/**
 * Dub segments from cues: the voice-over speaks whole sentences, so consecutive cues are voiced as one segment
 * until a cue ends a sentence (. ! ? … and their CJK and Arabic forms) or the track ends. The pipeline and the
 * editor's re-dub use this one rule, so a re-dub finds exactly the segments whose text or timing changed. A
 * segment never mixes speakers (issue 19): a cue of another speaker closes the open segment.
 */
import type { Cue } from '../../../contract/cues.ts';

/**
 * A dub segment: the text voiced in one time slot (seconds); `speaker` who says it (`S1` …) and `voice` the engine's
 * voice id it is voiced with (the speaker's voice, issue 19) when the run found speakers; else the language's voice.
 */
export interface DubSegment {
  text: string;
  start: number;
  end: number;
  speaker?: string;
  voice?: string;
}

/** Direction marks (Arabic lines carry them for display): not spoken. */
const BIDI_MARKS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const SENTENCE_END = /[.!?…。！？؟]["'»”)]*$/u;

/**
 * Groups `cues` (in order of time, seconds) into dub segments: text joined with `joiner` (' ', or '' for Chinese
 * and Japanese), slot from the first cue's start to the last cue's end, `speaker` the cues' speaker (when they
 * have one). Cues without text are left out.
 */
export function segmentsFromCues(cues: Cue[], joiner: string): DubSegment[] {
  return segmentsWithCues(cues, joiner).map((x) => x.segment);
}

/** `segmentsFromCues` with, for each segment, the indexes (in `cues`) of the cues voiced in it. */
export function segmentsWithCues(cues: Cue[], joiner: string): { segment: DubSegment; cues: number[] }[] {
  const out: { segment: DubSegment; cues: number[] }[] = [];
  let open: { texts: string[]; start: number; end: number; cues: number[]; speaker?: string } | null = null;
  const close = (o: NonNullable<typeof open>) => {
    const segment: DubSegment = { text: o.texts.join(joiner), start: o.start, end: o.end };
    if (o.speaker) segment.speaker = o.speaker;
    out.push({ segment, cues: o.cues });
  };
  cues.forEach((c, i) => {
    const text = c.lines
      .map((l) => l.replace(BIDI_MARKS, '').trim())
      .filter(Boolean)
      .join(joiner);
    if (!text) return;
    if (open && open.speaker !== c.speaker) {
      close(open);
      open = null;
    }
    open ??= { texts: [], start: c.start, end: c.end, cues: [], speaker: c.speaker };
    open.texts.push(text);
    open.end = c.end;
    open.cues.push(i);
    if (SENTENCE_END.test(text)) {
      close(open);
      open = null;
    }
  });
  if (open) close(open);
  return out;
}
