/**
 * flite, the local English voices (kal16, slt, rms, awb): clearer than espeak-ng (ASR round trip WER 4% for
 * rms/kal16; engines.md), so 'dubbing' mode prefers it for English. Speed through `duration_stretch` = 1/speed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SynthesizeOptions, Voice, VoiceEngine } from '../voice.engine.ts';
import { normaliseLanguage } from '../../../../contract/languages.ts';
import { programExists, runProcess } from '../run-process.ts';

/** CMU Arctic voices, named after their speakers' initials as flite does (awb speaks Scottish English). */
const VOICES: { id: string; name: string; gender: Voice['gender'] }[] = [
  { id: 'rms', name: 'RMS', gender: 'male' },
  { id: 'slt', name: 'SLT', gender: 'female' },
  { id: 'kal16', name: 'KAL', gender: 'male' },
  { id: 'awb', name: 'AWB', gender: 'male' },
];

/** Creates the flite engine. @throws from `synthesize`: Error naming flite. */
export function createFliteEngine(): VoiceEngine {
  return {
    id: 'flite',
    kind: 'local',
    voices: (language) =>
      normaliseLanguage(language) === 'en'
        ? VOICES.map((v) => ({ ...v, language: 'en', quality: 'natural' as const }))
        : [],
    available: () => programExists('flite'),
    async synthesize(text: string, opts: SynthesizeOptions): Promise<void> {
      // flite speaks a voice it does not have with its default one and exits 0: refuse what is not offered.
      if (!VOICES.some((v) => v.id === opts.voice)) throw new Error(`flite failed: no voice ${opts.voice}`);
      // Text goes through a file: flite's -t takes one argument and mis-reads leading dashes.
      const dir = await mkdtemp(path.join(os.tmpdir(), 'tarjama-flite-'));
      try {
        const file = path.join(dir, 'in.txt');
        await writeFile(file, text);
        const stretch = (1 / (opts.speed ?? 1)).toFixed(3);
        await runProcess(
          'flite',
          ['-voice', opts.voice, '--setf', `duration_stretch=${stretch}`, '-f', file, '-o', opts.outPath],
          { signal: opts.signal },
        );
      } catch (e) {
        if (opts.signal?.aborted) throw opts.signal.reason;
        throw new Error(`flite failed: ${(e as Error).message}`);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
