/**
 * `npm run cli -- translate INPUT --from en|auto --to es,fr [--outputs subtitles,voice_over]
 *  [--voice-mode manual|dubbing] [--voice es=espeak-ng:es+f2,...] --out DIR`: runs the media pipeline with the
 * engines the environment configures, chosen as for a job (registry.choose), so a job the API refuses is refused
 * here too, before any work.
 * Writes DIR/NAME_LANG.srt|.vtt|.mp3|.mp4 and DIR/transcript.json, shows a progress bar on a terminal (stderr),
 * prints a JSON summary last (stdout; `stagePeakMB`: this process's peak resident memory per stage, stage-memory.ts). Exit codes: 0 done, 1 the job failed (message on stderr), 2 bad arguments.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/index.ts';
import { createEngineRegistry, type EnginePlan } from '../engines/engine.registry.ts';
import { CodedError } from '../errors.ts';
import type { MediaService } from '../../../contract/jobs.ts';
import { STUDIO_LANGUAGES, normaliseLanguage } from '../../../contract/languages.ts';
import { runMediaPipeline } from '../media/pipeline.ts';
import { probeMedia } from '../media/probe.ts';
import { startStageMemory } from './stage-memory.ts';

const USAGE = `Usage: npm run cli -- translate INPUT --from LANG|auto --to LANG[,LANG...] [--outputs subtitles,voice_over] [--voice-mode manual|dubbing] [--voice LANG=VOICE[,...]] --out DIR
  LANG: ${STUDIO_LANGUAGES.join(', ')} (en-gb etc. accepted)
  --outputs      subtitles, voice_over or both (default subtitles)
  --voice-mode   manual (Standard voices) or dubbing (Premium, default)
  --voice        the voice of a target language, e.g. es=espeak-ng:es+f2 (ids as GET /v1/capabilities lists them)`;

class UsageError extends Error {}

function parse(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        outputs: { type: 'string' },
        'voice-mode': { type: 'string' },
        voice: { type: 'string' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) throw new UsageError('');
  if (positionals.length !== 1)
    throw new UsageError(positionals.length ? 'Give exactly one INPUT file.' : 'INPUT is missing.');
  if (!values.from) throw new UsageError('--from is missing.');
  if (!values.to) throw new UsageError('--to is missing.');
  if (!values.out) throw new UsageError('--out is missing.');
  const known = (c: string) => (STUDIO_LANGUAGES as readonly string[]).includes(normaliseLanguage(c));
  if (values.from !== 'auto' && !known(values.from)) throw new UsageError(`Unknown source language: ${values.from}`);
  const to = values.to
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = to.filter((c) => !known(c));
  if (!to.length || bad.length) throw new UsageError(`Unknown target language: ${bad.join(', ') || '(none)'}`);
  const outputs = (values.outputs ?? 'subtitles').split(',').map((s) => s.trim());
  const badOut = outputs.filter((o) => o !== 'subtitles' && o !== 'voice_over');
  if (badOut.length) throw new UsageError(`Unknown output: ${badOut.join(', ')} (use subtitles, voice_over)`);
  const mode = values['voice-mode'] ?? 'dubbing';
  if (mode !== 'manual' && mode !== 'dubbing')
    throw new UsageError(`Unknown voice mode: ${mode} (use manual or dubbing)`);
  const voices: Record<string, string> = {};
  for (const pair of (values.voice ?? '').split(',').filter((x) => x.trim())) {
    const at = pair.indexOf('=');
    if (at < 1 || at === pair.length - 1)
      throw new UsageError(`--voice takes LANG=VOICE pairs (e.g. es=espeak-ng:es+f2), not "${pair}"`);
    voices[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  const services: MediaService[] = [];
  if (outputs.includes('subtitles')) services.push('subtitle');
  if (outputs.includes('voice_over')) services.push('voice_over');
  return {
    input: path.resolve(positionals[0]),
    from: values.from,
    to,
    services,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    mode: mode as 'manual' | 'dubbing',
    voices,
    out: path.resolve(values.out),
  };
}

/** A one-line progress bar redrawn in place on a terminal; nothing when stderr is not a terminal. */
function progressBar() {
  const tty = process.stderr.isTTY;
  return {
    update(stage: string, pct: number) {
      if (!tty) return;
      const width = 30;
      const fill = Math.round((pct / 100) * width);
      process.stderr.write(
        `\r[${'#'.repeat(fill)}${'.'.repeat(width - fill)}] ${String(pct).padStart(3)}% ${stage.padEnd(12)}`,
      );
    },
    end() {
      if (tty) process.stderr.write('\n');
    },
  };
}

/** Runs the command; returns the exit code. */
export async function runTranslateCommand(argv: string[]): Promise<number> {
  let args;
  try {
    args = parse(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`${e.message ? `${e.message}\n` : ''}${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const request = {
    sourceLanguage: args.from,
    targetLanguages: args.to,
    services: args.services,
    voiceMode: args.mode,
    voices: args.voices,
  };
  let plan: EnginePlan;
  try {
    plan = createEngineRegistry(config.engines).choose(request);
  } catch (e) {
    if (!(e instanceof CodedError)) throw e;
    process.stderr.write(`Error (${e.code}): ${e.message}\n`);
    return 1;
  }
  const ac = new AbortController();
  const onSigint = () => ac.abort(new Error('Cancelled (Ctrl+C).'));
  process.once('SIGINT', onSigint);
  const bar = progressBar();
  const memory = startStageMemory();
  const started = performance.now();
  try {
    const result = await runMediaPipeline(
      {
        ...request,
        inputPath: args.input,
        baseName: path.basename(args.input).replace(/\.[^.]+$/, ''),
        outDir: args.out,
        signal: ac.signal,
        onProgress: (p) => {
          memory.enter(p.stage);
          bar.update(p.stage, p.progress);
        },
      },
      plan,
    );
    bar.end();
    const files = await Promise.all(
      result.outputs.map(async (o) => ({
        language: o.language,
        kind: o.kind,
        path: o.path,
        ...(o.kind.startsWith('voice_over')
          ? { durationSeconds: Math.round((await probeMedia(o.path)).durationSeconds * 100) / 100 }
          : {}),
      })),
    );
    for (const n of result.notes) process.stderr.write(`${n.text}\n`);
    const summary = {
      input: args.input,
      sourceLanguage: result.sourceLanguage,
      languageAssumed: result.languageAssumed,
      durationSeconds: Math.round(result.durationSeconds * 100) / 100,
      hasVideo: result.hasVideo,
      files,
      transcript: result.transcriptPath,
      engines: result.engines,
      voices: result.voices,
      stageSeconds: result.stageSeconds,
      stagePeakMB: await memory.stop(),
      totalSeconds: Math.round((performance.now() - started) / 10) / 100,
      notes: result.notes,
    };
    process.stdout.write(`${JSON.stringify(summary)}\n`);
    return 0;
  } catch (e) {
    bar.end();
    process.stderr.write(`Error${e instanceof CodedError ? ` (${e.code})` : ''}: ${(e as Error).message}\n`);
    return 1;
  } finally {
    await memory.stop();
    process.off('SIGINT', onSigint);
  }
}
