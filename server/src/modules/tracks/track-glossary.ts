/**
 * The glossary check of a job's tracks (issue 20 item 4): per target cue, the source cues spoken in its time
 * (overlapping it) and the target cues spoken in theirs are compared: a glossary term of that source text whose
 * required rendering (the forced translation, or the term itself when kept as is) the target text lacks flags the
 * cue. Computed from the latest revision, so an edit that puts the term back clears the flag.
 */
import { glossaryRules, type GlossaryFlags, type GlossarySnapshot } from '../../../../contract/glossary.ts';
import { missingTerms } from '../../../../contract/glossary-matcher.ts';
import type { TrackCue } from '../../../../contract/tracks.ts';
import type { StoredTracks } from '../../db/schema/index.ts';

const overlaps = (a: { start: number; end: number }, start: number, end: number) => a.start < end && start < a.end;

/** Flags per target language and cue id (cues without any left out) of `tracks` under the job's `snapshot`. */
export function glossaryFlagsOf(tracks: StoredTracks, snapshot: GlossarySnapshot | null | undefined): GlossaryFlags {
  const out: GlossaryFlags = {};
  if (!snapshot?.length) return out;
  const source = tracks.source;
  for (const [lang, target] of Object.entries(tracks.targets)) {
    const rules = glossaryRules(snapshot, source.language, lang);
    if (!rules.length || lang === source.language) continue;
    const text = (cues: TrackCue[]) => cues.map((c) => c.text).join(' ');
    for (const cue of target.cues) {
      const said = source.cues.filter((s) => overlaps(s, cue.start, cue.end));
      if (!said.length) continue;
      const start = Math.min(...said.map((s) => s.start));
      const end = Math.max(...said.map((s) => s.end));
      const flags = missingTerms(text(said), text(target.cues.filter((t) => overlaps(t, start, end))), rules);
      if (flags.length) (out[lang] ??= {})[cue.id] = flags;
    }
  }
  return out;
}
