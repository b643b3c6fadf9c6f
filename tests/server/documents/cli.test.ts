/** `npm run cli -- translate-doc ...` as a user runs it: files written, JSON summary printed, bad arguments refused. */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { richDocx } from './helpers/docx-fixture.ts';
import { useTempDirs } from './helpers/temp.ts';

const tempDir = useTempDirs();
const root = path.resolve(__dirname, '../../..');

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  // Only the local engines: the test must not depend on network settings of the machine.
  const env = { ...process.env, LOCAL_ENGINES: 'true', OPENAI_BASE_URL: '', DEEPL_API_KEY: '', LIBRETRANSLATE_URL: '' };
  try {
    const { stdout, stderr } = await promisify(execFile)(
      path.join(root, 'node_modules/.bin/tsx'),
      ['server/src/cli/cli.ts', ...args],
      { cwd: root, env, timeout: 120_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

describe('translate-doc command', () => {
  it('writes DIR/NAME__LANG.docx for each language and prints a JSON summary', async () => {
    const dir = await tempDir();
    const input = path.join(dir, 'Annual report.docx');
    await writeFile(input, await richDocx());
    const out = path.join(dir, 'out');
    const r = await cli(['translate-doc', input, '--from', 'en', '--to', 'es,it', '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout.trim());
    expect(summary).toMatchObject({ parts: 8, paragraphs: 22, engine: 'apertium', tagFallbacks: expect.any(Number) });
    expect(summary.words).toBeGreaterThan(90);
    expect(summary.seconds).toBeGreaterThan(0);
    expect(summary.outputs.map((o: { path: string }) => path.basename(o.path))).toEqual([
      'Annual report__es.docx',
      'Annual report__it.docx',
    ]);
    expect(existsSync(path.join(out, 'Annual report__es.docx'))).toBe(true);
    expect(existsSync(path.join(out, 'Annual report__it.docx'))).toBe(true);
  });

  it('prints the usage and exits 2 on bad arguments', async () => {
    const r = await cli(['translate-doc', 'x.docx', '--from', 'en']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('translate-doc: --to is required; --out is required');
    expect(r.stderr).toContain('Usage: npm run cli -- translate-doc INPUT --from LANG --to LANG[,LANG...] --out DIR');
    expect((await cli(['translate-doc', '--what'])).code).toBe(2);
  });

  it('exits 1 with the document error on a refused file and writes nothing', async () => {
    const dir = await tempDir();
    const input = path.join(dir, 'notes.docx');
    await writeFile(input, 'plain text');
    const r = await cli(['translate-doc', input, '--from', 'en', '--to', 'es', '--out', path.join(dir, 'out')]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(
      'translate-doc failed (NOT_A_ZIP): "notes.docx" is not a real .docx file: Office documents are ZIP packages and this file is not one.',
    );
    expect(existsSync(path.join(dir, 'out'))).toBe(false);
  });
});
