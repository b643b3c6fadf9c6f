import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TESTDATA } from '../helpers/testdata.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
let out: string;
beforeEach(async () => (out = await mkdtemp(path.join(os.tmpdir(), 'cli-test-'))));
afterEach(() => rm(out, { recursive: true, force: true }));

/** Runs `npm run cli -- translate ...` as a user would (without npm's banner), in a clean engine environment. */
function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env };
    for (const k of Object.keys(env)) if (/^(OPENAI|DEEPL|LIBRETRANSLATE)_/.test(k)) delete env[k];
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/cli.ts', 'translate', ...args], {
      cwd: ROOT,
      env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe('translate command', () => {
  it('exits 2 with the usage for bad arguments', async () => {
    for (const args of [
      [],
      ['x.mp4', '--from', 'en', '--to', 'klingon', '--out', out],
      ['x.mp4', '--from', 'en', '--to', 'es'],
      ['x.mp4', '--from', 'en', '--to', 'es', '--out', out, '--outputs', 'karaoke'],
      ['x.mp4', '--bogus'],
      ['x.mp4', '--from', 'en', '--to', 'es', '--out', out, '--voice', 'espeak-ng:es+f2'],
    ]) {
      const r = await cli(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/Usage: npm run cli -- translate INPUT/);
    }
  });

  it('writes NAME_LANG.srt/.vtt and transcript.json and prints a JSON summary last', async () => {
    const r = await cli([`${TESTDATA}/audio/jfk.wav`, '--from', 'auto', '--to', 'es', '--out', out]);
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
    expect(summary).toMatchObject({
      sourceLanguage: 'en',
      languageAssumed: true,
      durationSeconds: 11,
      engines: { speech: 'pocketsphinx', translation_es: 'apertium' },
    });
    expect(Object.keys(summary.stageSeconds)).toEqual([
      'probe',
      'transcribe',
      'speakers',
      'cues',
      'translate',
      'subtitles',
      'finalize',
    ]);
    expect((await readdir(out)).sort()).toEqual(['jfk_es.srt', 'jfk_es.vtt', 'transcript.json']);
    expect(r.stderr).toMatch(/assumed to be English/);
  });

  it('fails at once with the no-engine message for Spanish speech (exit 1)', async () => {
    const r = await cli([`${TESTDATA}/audio/leopard_test_es.wav`, '--from', 'es', '--to', 'en', '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^Error \(NO_ENGINE\): No speech recognition engine for Spanish \(es\)/);
    expect(r.stdout).toBe('');
  });

  it('refuses a voice its language does not have (exit 1), before any work', async () => {
    const r = await cli([
      `${TESTDATA}/audio/jfk.wav`,
      '--from',
      'en',
      '--to',
      'es',
      '--outputs',
      'subtitles,voice_over',
      '--voice',
      'es=espeak-ng:fr-fr+f2',
      '--out',
      out,
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^Error \(VOICE_NOT_AVAILABLE\): The voice "espeak-ng:fr-fr\+f2" is not available for Spanish/,
    );
    expect(await readdir(out)).toEqual([]);
  });
});
