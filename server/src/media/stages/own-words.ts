/**
 * Stage own words (reported as 'cues'; replaces transcribe and cues when the job carries the user's own words,
 * `source_subtitles_url`): an .srt/.vtt becomes the source cues (checked against the media's length, only cues
 * that break the rules re-cut; subtitle-import.ts), a .txt transcript is timed to the speech by auto-sync
 * (sync/auto-sync.ts). No speech recogniser runs; the job's note says so. Artifact: the source cues, as the cues
 * stage saves them (`source-cues.json`), so everything after it works as usual.
 * @throws MediaError SUBTITLE_ENCODING, NOT_A_SUBTITLE_FILE, SUBTITLE_BAD_TIMING, SUBTITLE_TIMES_OUTSIDE_MEDIA,
 *         TRANSCRIPT_EMPTY, ENGINE_FAILED (espeak-ng during auto-sync).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { rulesFor } from '../../../../contract/cue-rules.ts';
import { languageLabel } from '../../../../contract/languages.ts';
import { groupIntoSentences } from '../sentences.ts';
import { cutCues } from '../cue-cutter.ts';
import { cueWords, decodeWordsFile, fitCuesToMedia, readSourceWords, recutBrokenCues } from '../subtitle-import.ts';
import { syncTranscript } from '../sync/auto-sync.ts';
import { SOURCE_CUES_ARTIFACT } from './cues.ts';
import { need, viaEngine, type RunState, type SourceCues, type StageModule } from './stage.ts';

/** The user's own words of a request: a local copy of the uploaded file, its extension, its declared charset. */
export interface OwnWords {
  path: string;
  extension: string;
  charset?: string;
}

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
    const rules = rulesFor(source, s.plan.subtitleRules);
    const words = readSourceWords(decodeWordsFile(await readFile(own.path), own.charset), own.extension);
    let saved: Saved;
    if (words.kind === 'cues') {
      const cues = recutBrokenCues(fitCuesToMedia(words.cues, info.durationSeconds), source, rules);
      // One sentence per cue: each cue is translated and voiced in its own time, so target cues keep its times.
      saved = { sentences: cues.map((c) => cueWords(c, rules.joiner)), cues, source, synced: false };
    } else {
      const wav = need(s.wavPath, 'the speech WAV');
      const timed = await viaEngine(s, 'voice', 'espeak-ng', () =>
        syncTranscript(wav, words.text, source, { signal: s.req.signal, workDir: path.join(s.work, 'sync') }),
      );
      const sentences = groupIntoSentences(timed, []);
      saved = { sentences, cues: cutCues(sentences, source, rules), source, synced: true };
    }
    await s.artifacts.writeJson(SOURCE_CUES_ARTIFACT, saved);
    settle(s, saved);
  },
};
