/**
 * Live rule warnings per cue: the same rule code the server uses (contract/cues.ts `checkCues` with
 * contract/cue-rules.ts `rulesFor`: Netflix Timed Text Style Guide limits, 42 characters per line, 2 lines,
 * 17 characters per second, 5/6 s to 7 s, two frames between cues).
 */
import { checkCues, type CueRule } from '../../../contract/cues.ts';
import { rulesFor } from '../../../contract/cue-rules.ts';
import type { TrackCue } from '../../../contract/tracks.ts';

/** Rules each cue breaks, by cue id (cues without any are left out), for a track in `language` (base code). */
export function cueWarnings(cues: readonly TrackCue[], language: string): Record<string, CueRule[]> {
  const found = checkCues(
    cues.map((c) => ({ start: c.start, end: c.end, lines: c.text.split('\n') })),
    language,
    rulesFor(language),
  );
  const byId: Record<string, CueRule[]> = {};
  for (const v of found) {
    const id = cues[v.cue].id;
    const list = (byId[id] ??= []);
    if (!list.includes(v.rule)) list.push(v.rule);
  }
  return byId;
}
