import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  trieVocabulary,
  trimDictionary,
  trimmedDictionaryPath,
} from '../../../server/src/engines/speech/pocketsphinx-dictionary.ts';
import { extractSpeechWav } from '../../../server/src/media/probe.ts';
import { TESTDATA } from '../helpers/testdata.ts';

const MODEL = '/usr/share/pocketsphinx/model/en-us';
const LM = `${MODEL}/en-us.lm.bin`;
const DICT = `${MODEL}/cmudict-en-us.dict`;

let dir: string;
beforeAll(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'sphinx-dict-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('pocketsphinx dictionary trimmed to the language model', () => {
  it("reads the trie LM's whole unigram list, as many words as its header counts", async () => {
    const lm = await readFile(LM);
    const words = trieVocabulary(lm)!;
    expect(words).toHaveLength(lm.readUInt32LE(20));
    expect(words).toEqual(expect.arrayContaining(['<s>', '</s>', 'the', 'country', 'americans']));
    expect(words.every((w) => w.length > 0 && !w.includes(' '))).toBe(true);
  });

  it('refuses what is not a trie LM instead of guessing', () => {
    expect(trieVocabulary(Buffer.from('\\data\\\nngram 1=3\n'))).toBeNull();
    const truncated = Buffer.concat([
      Buffer.from('Trie Language Model'),
      Buffer.from([3, 200, 0, 0, 0]),
      Buffer.from('a\0b\0'),
    ]);
    expect(trieVocabulary(truncated)).toBeNull();
  });

  it('keeps every pronunciation of a known word and drops unknown words', () => {
    const dict = 'ask AE S K\nask(2) AE S K\nzzyzx Z AY Z IH K S\ncountry K AH N T R IY\n';
    expect(trimDictionary(dict, new Set(['ask', 'country']))).toBe(
      'ask AE S K\nask(2) AE S K\ncountry K AH N T R IY\n',
    );
  });

  it('recognises the same words as the full dictionary, from a smaller file', async () => {
    const cache = path.join(dir, 'cache');
    const trimmed = await trimmedDictionaryPath(DICT, LM, cache);
    expect(path.dirname(trimmed)).toBe(cache);
    await rm(trimmed);
    expect(await trimmedDictionaryPath(DICT, LM, cache)).toBe(trimmed);
    expect((await readFile(trimmed, 'utf8')).split('\n').length).toBeLessThan(
      (await readFile(DICT, 'utf8')).split('\n').length * 0.7,
    );
    const wav = path.join(dir, 'jfk.wav');
    await extractSpeechWav(`${TESTDATA}/audio/jfk.wav`, wav);
    const decode = (dict: string) =>
      spawnSync(
        'pocketsphinx_continuous',
        ['-infile', wav, '-logfn', '/dev/null', '-hmm', `${MODEL}/en-us`, '-lm', LM, '-dict', dict],
        { encoding: 'utf8' },
      ).stdout;
    const full = decode(DICT);
    expect(full).toMatch(/country/);
    expect(decode(trimmed)).toBe(full);
  });
});
