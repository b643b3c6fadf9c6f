/**
 * Every output is the latest edit (issue 36), Chromium against the real server and engines: a jfk.mp4 job into
 * Spanish with every output kind (subtitles, bilingual style, subtitles burnt into the video, a voice-over with
 * "Keep voices natural"). The user fixes the first Spanish cue in the editor; until the re-dub the dub files are
 * offered only as what they are (before the latest edits), never as current; after the re-dub every download
 * carries the edit, online and offline: the text in the SRT and VTT files (the dubbed MP4's too), the burnt-in
 * video's picture at the cue's time, and new MP3 and MP4 files.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { createVerifiedUser, JFK, newEmail, signInAs } from './helpers.ts';

const FIX = 'Zapatos azules en la luna';

interface Job {
  status: string;
  tracks_revision: number;
  outputs?: Array<{ kind: string; revision: number; stale: boolean }>;
}

/** MD5 of the decoded picture of `file` at `seconds`. */
const frameMd5 = (file: string, seconds: number) =>
  execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1', '-f', 'md5', '-'])
    .toString()
    .trim();

/** Every entry of the job's Download menu, downloaded: its file name -> the downloaded file's path. */
async function downloadAll(page: Page, dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const row = page.getByTestId('job-row').first();
  await row.getByRole('button', { name: 'Download' }).click();
  const count = await page.getByTestId('download-menu').getByRole('menuitem').count();
  await page.keyboard.press('Escape');
  for (let i = 0; i < count; i++) {
    await row.getByRole('button', { name: 'Download' }).click();
    const item = page.getByTestId('download-menu').getByRole('menuitem').nth(i);
    const stale = await item.getAttribute('data-stale');
    const downloading = page.waitForEvent('download');
    await item.click();
    const download = await downloading;
    const name = `${stale ? 'stale-' : ''}${download.suggestedFilename()}`;
    const file = `${dir}/${name}`;
    await download.saveAs(file);
    files.set(name, file);
  }
  return files;
}

const md5 = (file: string) => createHash('md5').update(fs.readFileSync(file)).digest('hex');

test('after an edit and a re-dub every download carries the edit, online and offline', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(420_000);
  const { token, user } = await createVerifiedUser(request, newEmail('render-graph'));
  const auth = { authorization: `Bearer ${token}` };
  await signInAs(page, token, user);
  const target = await request.post('/v1/uploads/presigned-url', {
    headers: auth,
    data: { filename: 'jfk.mp4', content_type: 'video/mp4' },
  });
  const { upload_url, file_url } = (await target.json()) as { upload_url: string; file_url: string };
  expect(
    (await request.put(upload_url, { headers: { 'content-type': 'video/mp4' }, data: fs.readFileSync(JFK) })).status(),
  ).toBe(200);
  const submitted = await request.post('/v1/jobs/translate', {
    headers: auth,
    data: {
      media_url: file_url,
      source_language: 'en',
      target_languages: ['es'],
      services_to_run: ['subtitle', 'burned_subtitles', 'voice_over'],
      voice_over_mode: 'dubbing',
      keep_voices_natural: true,
      subtitle_style: { bilingual: true },
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const jobId = ((await submitted.json()) as { id: string }).id;
  const jobNow = async () => (await (await request.get(`/v1/jobs/${jobId}`, { headers: auth })).json()) as Job;
  await expect.poll(async () => (await jobNow()).status, { timeout: 240_000, intervals: [2_000] }).toBe('completed');

  // The installed app: the service worker controls the page, so downloads are kept for offline use.
  await page.goto('/studio');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const dir = testInfo.outputPath('downloads');
  fs.mkdirSync(`${dir}/before`, { recursive: true });
  fs.mkdirSync(`${dir}/after`, { recursive: true });
  fs.mkdirSync(`${dir}/offline`, { recursive: true });
  const before = await downloadAll(page, `${dir}/before`);
  expect([...before.keys()].sort()).toEqual([
    'jfk_es.mp3',
    'jfk_es.mp4',
    'jfk_es.srt',
    'jfk_es.vtt',
    'jfk_es_dubbed.srt',
    'jfk_es_dubbed.vtt',
    'jfk_es_subtitled.mp4',
  ]);

  // The editor: the first Spanish cue fixed, saved.
  await page.getByTestId('job-row').first().getByTestId('edit-job').click();
  await expect(page).toHaveURL(/\/jobs\/[^/]+\/edit$/);
  const first = page.locator('[data-testid="cue-text"][data-track="es"]').first();
  await first.fill(FIX);
  await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 15_000 });
  const tracks = (await (await request.get(`/v1/jobs/${jobId}/tracks`, { headers: auth })).json()) as {
    revision: number;
    targets: { es: { cues: Array<{ start: number; end: number; text: string }> } };
  };
  const cue = tracks.targets.es.cues.find((c) => c.text === FIX)!;
  expect(cue).toBeTruthy();

  // Before the re-dub: the dub files are offered as what they are, never as current.
  await page.goto('/studio');
  const row = page.getByTestId('job-row').first();
  await row.getByRole('button', { name: 'Download' }).click();
  const menu = page.getByTestId('download-menu');
  await expect(menu.locator('[data-stale="true"][data-ext="mp3"]')).toContainText('re-dub to update it');
  await expect(menu.locator('[data-ext="mp3"]:not([data-stale])')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The re-dub, from the editor.
  await page.goBack();
  await page.getByTestId('redub').click();
  await page.getByTestId('redub-confirm').click();
  await expect
    .poll(
      async () => {
        const job = await jobNow();
        return (
          job.status === 'completed' && (job.outputs ?? []).every((o) => !o.stale && o.revision === tracks.revision)
        );
      },
      { timeout: 180_000, intervals: [2_000] },
    )
    .toBe(true);

  await page.goto('/studio');
  const after = await downloadAll(page, `${dir}/after`);
  expect([...after.keys()].sort(), 'nothing stale is offered').toEqual([...before.keys()].sort());
  const mid = (cue.start + cue.end) / 2;
  const check = (files: Map<string, string>, when: string) => {
    for (const name of ['jfk_es.srt', 'jfk_es.vtt', 'jfk_es_dubbed.srt', 'jfk_es_dubbed.vtt'])
      expect(fs.readFileSync(files.get(name)!, 'utf8'), `${when}: ${name}`).toContain(FIX);
    for (const name of ['jfk_es.srt', 'jfk_es.vtt'])
      expect(fs.readFileSync(before.get(name)!, 'utf8'), `before: ${name}`).not.toContain(FIX);
    expect(md5(files.get('jfk_es.mp3')!), `${when}: a new MP3`).not.toBe(md5(before.get('jfk_es.mp3')!));
    expect(md5(files.get('jfk_es.mp4')!), `${when}: a new dubbed MP4`).not.toBe(md5(before.get('jfk_es.mp4')!));
    expect(frameMd5(files.get('jfk_es_subtitled.mp4')!, mid), `${when}: the burnt-in picture at the cue`).not.toBe(
      frameMd5(before.get('jfk_es_subtitled.mp4')!, mid),
    );
  };
  check(after, 'online');

  // Offline, the kept copies are the edited ones.
  await context.setOffline(true);
  await context.route('**/files/**', (route) => route.abort('internetdisconnected'));
  const offline = await downloadAll(page, `${dir}/offline`);
  check(offline, 'offline');
  for (const [name, file] of offline) expect(md5(file), `offline ${name}`).toBe(md5(after.get(name)!));
  await context.setOffline(false);
});
