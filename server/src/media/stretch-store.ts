/**
 * The slowed picture and sound of "Keep voices natural" kept with the job (artifacts `dub/<lang>-slowed.mp4`,
 * `dub/<lang>-slowed.wav`, and `dub/<lang>-slowed.json` naming the time map they were made for), so a re-dub
 * whose time map did not change (an edit whose new clip still fits its slot at the same factor) reuses them
 * instead of encoding the whole picture again (issue 36 item 2: 219 s against 260 s for one cue of a 10-minute
 * video before). Only the latest is kept per language; a different map makes and stores them again.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ArtifactStore } from './artifacts.ts';
import type { StretchSpan } from './time-map.ts';

/** What a stretch is made from, besides the job's input: its spans, and whether the sound is the background. */
export interface StretchInputs {
  spans: readonly StretchSpan[];
  background: boolean;
}

const names = (language: string) => ({
  key: `dub/${language}-slowed.json`,
  video: `dub/${language}-slowed.mp4`,
  audio: `dub/${language}-slowed.wav`,
});

/**
 * The slowed picture and sound for `inputs`: the stored ones when they were made for the same inputs (copied into
 * `workDir`), else `make()`'s, then stored. Paths are local files.
 * @throws what `make` throws.
 */
export async function storedStretch(
  artifacts: ArtifactStore,
  language: string,
  inputs: StretchInputs,
  make: () => Promise<{ video: string; audio: string }>,
  workDir: string,
): Promise<{ video: string; audio: string }> {
  const n = names(language);
  const hash = createHash('sha256').update(JSON.stringify(inputs)).digest('hex');
  const stored = await artifacts.readJson<{ hash: string | null }>(n.key);
  if (stored?.hash === hash) {
    const video = path.join(workDir, 'stored-slowed.mp4');
    const audio = path.join(workDir, 'stored-slowed.wav');
    if ((await artifacts.fetchFile(n.video, video)) && (await artifacts.fetchFile(n.audio, audio)))
      return { video, audio };
  }
  const made = await make();
  // The old name goes first: a stop between the two files never pairs the old name with a new file.
  if (stored) await artifacts.writeJson(n.key, { hash: null });
  await artifacts.saveFile(n.video, made.video);
  await artifacts.saveFile(n.audio, made.audio);
  await artifacts.writeJson(n.key, { hash });
  return made;
}
