/**
 * Dub segments from cues: the voice-over speaks whole sentences, so consecutive cues are voiced as one segment
 * until a cue ends a sentence (. ! ? … and their CJK and Arabic forms) or the track ends. The pipeline, the
 * editor's re-dub and the editor's sync estimate (contract/sync.ts trackSyncOf) use this one rule, so a re-dub
 * finds exactly the segments whose text or timing changed. A segment never mixes speakers (issue 19): a cue of
 * another speaker closes the open segment. Pure (no Node or browser API): shared by the server and the web app.
 */
import { arabicLine } from './cue-rules.ts';
import type { Cue } from './cues.ts';

/** One dub segment: the text voiced, its slot (seconds), its speaker and its voice (engine voice id) when set. */
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
export function segmentsFromCues(cues: readonly Cue[], joiner: string): DubSegment[] {
  return segmentsWithCues(cues, joiner).map((x) => x.segment);
}

/** `segmentsFromCues` with, for each segment, the indexes (in `cues`) of the cues voiced in it. */
export function segmentsWithCues(cues: readonly Cue[], joiner: string): { segment: DubSegment; cues: number[] }[] {
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

/** A cue as the editor and GET tracks hold it: times (seconds), text (lines joined by '\n'), speaker id. */
export interface TextCue {
  start: number;
  end: number;
  text: string;
  speaker?: string;
}

/** A track cue as the pipeline's Cue (lines; Arabic lines carry their right-to-left marks, cue-rules arabicLine). */
export function toCue(c: TextCue, language: string): Cue {
  const lines = c.text.split('\n');
  const cue: Cue = {
    start: c.start,
    end: c.end,
    lines: language === 'ar' ? lines.map((l) => (l.startsWith('\u200f') ? l : arabicLine(l))) : lines,
  };
  if (c.speaker) cue.speaker = c.speaker;
  return cue;
}
