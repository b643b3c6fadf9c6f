/**
 * Stage own words (reported as 'cues'; replaces transcribe and cues when the job carries the user's own words,
 * `source_subtitles_url`): an .srt/.vtt becomes the source cues (checked against the media's length, only cues
 * that break the rules re-cut; subtitle-import.ts), a .txt transcript is timed to the speech by auto-sync
 * (sync/auto-sync.ts). No speech recogniser runs; the job's note says so. Artifact: the source cues, as the cues
 * stage saves them (`source-cues.json`), so everything after it works as usual.
 * @throws MediaError SUBTITLE_ENCODING, NOT_A_SUBTITLE_FILE, SUBTITLE_BAD_TIMING, SUBTITLE_TIMES_OUTSIDE_MEDIA,
 *         TRANSCRIPT_EMPTY, OWN_WORDS_* (own-words-limits.ts), ENGINE_FAILED (espeak-ng during auto-sync).
 * The work runs on a worker thread (own-words-thread.ts).
 */
import path from 'node:path';
import { rulesFor } from '../../../../contract/cue-rules.ts';
import { languageLabel } from '../../../../contract/languages.ts';
import { runOwnWordsInThread } from '../own-words-thread.ts';
import { SOURCE_CUES_ARTIFACT } from './cues.ts';
import { need, type RunState, type SourceCues, type StageModule } from './stage.ts';

type Saved = SourceCues & { source: string; synced: boolean };

function settle(s: RunState, saved: Saved): void {
  s.sourceCues = { sentences: saved.sentences, cues: saved.cues };
  s.source = saved.source;
  const language = languageLabel(saved.source);
  s.notes.push(
    saved.synced
      ? {
          code: 'TRANSCRIPT_SYNCED',
          text: `Your ${language} transcript was timed to the speech by auto-sync: no speech recogniser ran.`,
          params: { language: saved.source },
        }
      : {
          code: 'OWN_SUBTITLES_USED',
          text: `Your subtitles in ${language} were used as the source: no speech recogniser ran.`,
          params: { language: saved.source },
        },
  );
}

export const ownWordsStage: StageModule = {
  name: 'own-words',
  stage: 'cues',
  async restore(s) {
    const saved = await s.artifacts.readJson<Saved>(SOURCE_CUES_ARTIFACT);
    if (saved?.source) settle(s, saved);
    return !!saved?.source;
  },
  async run(s) {
    const own = need(s.req.ownWords, 'the own words file');
    const info = need(s.info, 'the probe');
    const source = s.plan.sourceLanguage;
    // Reading, checking, re-cutting and auto-sync run on a worker thread: the event loop stays free (issue 24).
    const out = await runOwnWordsInThread(
      {
        path: own.path,
        extension: own.extension,
        charset: own.charset,
        durationSeconds: info.durationSeconds,
        language: source,
        rules: rulesFor(source, s.plan.subtitleRules),
        wavPath: s.wavPath,
        syncDir: path.join(s.work, 'sync'),
      },
      s.req.signal,
    );
    const saved: Saved = { ...out, source };
    await s.artifacts.writeJson(SOURCE_CUES_ARTIFACT, saved);
    settle(s, saved);
  },
};
