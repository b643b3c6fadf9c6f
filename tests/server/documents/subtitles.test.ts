/** .srt and .vtt to Spanish (real Apertium): cue text translated; numbers, times, settings and markup kept. */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { WebVTTParser } from 'webvtt-parser';
import { describe, expect, it } from 'vitest';
import { createApertiumEngine } from '../../../server/src/engines/translation/apertium.engine.ts';
import { inspectDocument, translateDocument } from '../../../server/src/documents/document-translator.ts';
import { useTempDirs } from './helpers/temp.ts';

const apertium = createApertiumEngine();
const tempDir = useTempDirs();

async function translate(name: string, text: string) {
  const dir = await tempDir();
  const input = path.join(dir, name);
  await writeFile(input, text);
  const info = await inspectDocument(input, name);
  const result = await translateDocument({
    inputPath: input,
    filename: name,
    from: 'en',
    to: ['es'],
    outDir: dir,
    engineFor: () => apertium,
  });
  return { info, result, out: await readFile(result.outputs[0].path, 'utf8') };
}

const SRT = [
  '1',
  '00:00:01,000 --> 00:00:03,500',
  'The house is red.',
  '',
  '2',
  '00:00:04,000 --> 00:00:06,000',
  '<i>I like big dogs.</i>',
  '',
  '3',
  '00:00:06,500 --> 00:00:09,000',
  'The cat sleeps',
  'in the white house.',
  '',
].join('\r\n');

const VTT = [
  'WEBVTT - sample',
  '',
  'NOTE This note is not shown and not translated.',
  '',
  'STYLE',
  '::cue { color: yellow }',
  '',
  'intro',
  '00:00:01.000 --> 00:00:03.500 position:10% align:start',
  '<v Ana>The house is red.</v>',
  '',
  '00:00:04.000 --> 00:00:06.000 line:0',
  'I like <b>big</b> dogs &amp; cats.',
  '',
].join('\n');

describe('subtitle translation', () => {
  it('translates SubRip cue text; numbers, times, italics and line structure stay', async () => {
    const { info, result, out } = await translate('talk.srt', SRT);
    expect(info).toEqual({ format: 'srt', words: 15, parts: 1, paragraphs: 3 });
    expect(result.outputs[0]).toMatchObject({ filename: 'talk__es.srt', contentType: 'application/x-subrip' });
    const lines = out.split('\r\n');
    expect(lines.slice(0, 4)).toEqual(['1', '00:00:01,000 --> 00:00:03,500', 'La casa es roja.', '']);
    expect(lines.slice(4, 7)).toEqual(['2', '00:00:04,000 --> 00:00:06,000', '<i>Me gustan los perros grandes.</i>']);
    expect(lines[8]).toBe('3');
    expect(lines[9]).toBe('00:00:06,500 --> 00:00:09,000');
    // A two-line cue stays two lines; together they read as the translated sentence.
    expect(lines.slice(10, 12).every((l) => l.trim().length > 0)).toBe(true);
    expect(`${lines[10]} ${lines[11]}`).toMatch(/gato/);
    expect(`${lines[10]} ${lines[11]}`).toMatch(/casa blanca/);
    expect(lines[12]).toBe('');
  });

  it('translates WebVTT cue text; header, NOTE, STYLE, identifiers, times, cue settings and tags stay', async () => {
    const { info, out } = await translate('talk.vtt', VTT);
    expect(info).toEqual({ format: 'vtt', words: 9, parts: 1, paragraphs: 2 });
    const lines = out.split('\n');
    expect(lines.slice(0, 9)).toEqual([
      'WEBVTT - sample',
      '',
      'NOTE This note is not shown and not translated.',
      '',
      'STYLE',
      '::cue { color: yellow }',
      '',
      'intro',
      '00:00:01.000 --> 00:00:03.500 position:10% align:start',
    ]);
    expect(lines[9]).toBe('<v Ana>La casa es roja.</v>');
    expect(lines[11]).toBe('00:00:04.000 --> 00:00:06.000 line:0');
    // The bold tag pair and the escaped ampersand survive; the words are Spanish.
    expect(lines[12]).toMatch(/<b>[^<]+<\/b>/);
    expect(lines[12]).toContain('&amp;');
    expect(lines[12]).toMatch(/perros/);
    // The result is valid WebVTT with the same cues, times and settings.
    const parsed = new WebVTTParser().parse(out, 'metadata');
    expect(parsed.errors).toEqual([]);
    expect(parsed.cues.map((c) => [c.id, c.startTime, c.endTime])).toEqual([
      ['intro', 1, 3.5],
      ['', 4, 6],
    ]);
  });

  it('refuses a .srt without cues and a .vtt without a header', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'notes.srt'), 'Just some notes\nwithout any timing\n');
    await expect(inspectDocument(path.join(dir, 'notes.srt'), 'notes.srt')).rejects.toMatchObject({
      code: 'NOT_A_SUBTITLE_FILE',
      message: '"notes.srt" is not a subtitle file: no cue timing line like "00:00:01,000 --> 00:00:02,000" was found.',
    });
    await writeFile(path.join(dir, 'bad.vtt'), 'Hello\n');
    await expect(inspectDocument(path.join(dir, 'bad.vtt'), 'bad.vtt')).rejects.toMatchObject({
      code: 'NOT_A_SUBTITLE_FILE',
    });
  });
});
