/**
 * The text renders of the graph (render path `text`): a target track's SRT or WebVTT file from a tracks revision,
 * as the subtitles stage writes them on the first run (speaker dashes in a quick two-speaker exchange, voice tags
 * with the speakers' names in WebVTT, subtitle-writers.ts). With the bilingual style each cue shows the source
 * speech said in its time above its own text (the source cues overlapping it, joined on one line).
 */
import { rulesFor } from '../../../../contract/cue-rules.ts';
import type { Cue } from '../../../../contract/cues.ts';
import { normaliseLanguage } from '../../../../contract/languages.ts';
import type { StoredTracks } from '../../db/schema/index.ts';
import { dualSpeakerCues, toSrt, toVtt } from '../../media/subtitle-writers.ts';
import { toCue } from '../tracks/track-cues.ts';
import type { RenderOptions } from './render-graph.ts';

/** The source text said during [start, end) seconds: the source cues overlapping it, joined on one line. */
function sourceLineOf(tracks: StoredTracks, start: number, end: number): string {
  return tracks.source.cues
    .filter((c) => c.start < end && c.end > start)
    .map((c) => c.text.replace(/\s*\n\s*/g, ' '))
    .join(' ');
}

/** The cues of `language`'s SRT/VTT for `tracks`: bilingual (source line first) or with speaker dashes. */
export function subtitleCuesOf(language: string, tracks: StoredTracks, options: RenderOptions): Cue[] {
  const lang = normaliseLanguage(language);
  const cues = (tracks.targets[lang]?.cues ?? []).map((c) => toCue(c, lang));
  if (!(options.bilingual && lang !== tracks.source.language)) return dualSpeakerCues(cues, rulesFor(lang));
  return cues.map((c) => {
    const line = sourceLineOf(tracks, c.start, c.end);
    return line ? { ...c, lines: [line, c.lines.join(' ')] } : c;
  });
}

/**
 * The file text of a `subtitle_srt` (SubRip) or `subtitle_vtt` (WebVTT) output of `language` rendered from `tracks`.
 */
export function subtitleTextOf(
  kind: 'subtitle_srt' | 'subtitle_vtt',
  language: string,
  tracks: StoredTracks,
  options: RenderOptions,
): string {
  const cues = subtitleCuesOf(language, tracks, options);
  if (kind === 'subtitle_srt') return toSrt(cues);
  const names = Object.fromEntries((tracks.speakers ?? []).map((sp) => [sp.id, sp.name]));
  return toVtt(cues, names, normaliseLanguage(language));
}
