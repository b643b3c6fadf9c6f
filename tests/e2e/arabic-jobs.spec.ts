/**
 * Jobs in the Arabic UI, against the real server and engines: every stage label a job row shows (recorded in the
 * page, however briefly) is Arabic, for a document job and for a media job (always seen at work), in their rows too
 * (screenshots in test-results/e2e/<test>/); for a media job on the embedded engines, which cannot identify the
 * spoken language, Auto-detect is not offered and the studio asks, in Arabic, which language is spoken (issue 22,
 * item 3).
 */
import { test, expect, type Page, type TestInfo } from '@playwright/test';
import { chooseVideo, signInFresh } from './helpers.ts';
import { makeDocx, para } from '../server/documents/helpers/docx-fixture.ts';

/**
 * A Word document as long as a new account's 25 credits allow (about 4,800 words, 24 credits), so its translation
 * lasts over several refreshes: sample-docx.docx alone can finish between two.
 */
async function longDocx(): Promise<Buffer> {
  const sentences = [
    'The committee met on Monday to review the annual budget and the plans for the new library.',
    'Several members asked whether the schedule for the bridge repairs could be moved to the spring.',
    'The report describes how the town will pay for clean water, public transport and the parks.',
    'Everyone agreed that the museum should stay open later on Fridays during the summer months.',
  ];
  const body = Array.from({ length: 280 }, (_, i) => para([[`${i + 1}. ${sentences[i % sentences.length]}`]])).join('');
  return makeDocx({ body });
}
/** Three Latin letters in a row: an English word (or a raw stage name such as 'translating') in the Arabic UI. */
const LATIN_WORD = /[A-Za-z]{3,}/;

/** Starts recording, in the page, every stage text a job row shows ([data-stage, text]), however briefly. */
async function recordStages(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { stagesSeen: Array<[string, string]> };
    w.stagesSeen = [];
    const record = () => {
      for (const el of document.querySelectorAll('[data-testid="job-stage"]'))
        w.stagesSeen.push([el.getAttribute('data-stage') ?? '', el.textContent ?? '']);
    };
    record();
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** The stage texts recorded since recordStages, by stage name ('' while queued). */
async function stagesSeen(page: Page): Promise<Map<string, string>> {
  return new Map(await page.evaluate(() => (window as unknown as { stagesSeen: Array<[string, string]> }).stagesSeen));
}

/** Saves a screenshot of the Recent Jobs card under test-results/e2e/<test>/<name>.png. */
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.getByTestId('recent-jobs').screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

test('a document job in the Arabic UI shows only Arabic stage labels', async ({ page, request }, testInfo) => {
  await signInFresh(page, request, 'ar-doc', 'ar');
  await page.goto('/studio');
  await page.getByRole('tab', { name: 'المستندات' }).click();
  await page.getByTestId('document-drop-input').setInputFiles({
    name: 'annual-report.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: await longDocx(),
  });
  await expect(page.getByText(/جاهز للمعالجة/)).toBeVisible();
  await page.locator('label.chip', { hasText: /^الإسبانية$/ }).click();
  await expect(page.getByTestId('exact-cost')).toBeVisible();
  await recordStages(page);
  await page.getByRole('button', { name: 'ابدأ المعالجة' }).click();

  // Follow the row while the job runs (Refresh reads the list at once; the page records every stage text shown).
  const row = page.getByTestId('job-row').first();
  await expect(row).toBeVisible();
  const shots = new Set<string>();
  await expect(async () => {
    await page.getByRole('button', { name: 'تحديث' }).click();
    // One read of the row as it is now: the stage element goes when the job completes, so asking for it in two
    // steps (count, then its attribute) could wait for it forever.
    const name = await row.evaluate(
      (el) => el.querySelector('[data-testid="job-stage"]')?.getAttribute('data-stage') ?? '',
    );
    if (name && !shots.has(name)) {
      shots.add(name);
      await shot(page, testInfo, `document-job-running-${name}`);
    }
    expect(await row.getAttribute('data-status')).toBe('completed');
  }).toPass({ timeout: 150_000, intervals: [200] });
  const seen = await stagesSeen(page);

  // Every stage text the row showed was Arabic. A document of this size can finish between two list reads, so
  // which stages show varies; the media job below is always seen at work.
  for (const [stage, text] of seen) expect(text, `stage ${stage || '(queued)'}`).not.toMatch(LATIN_WORD);
  const meta = (await row.locator('.job-meta').textContent()) ?? '';
  expect(meta).toContain('ترجمة مستند');
  expect(meta).not.toMatch(LATIN_WORD);
  await expect(row.getByTestId('job-status')).toHaveText('مكتملة');
  await shot(page, testInfo, 'document-job-completed');
  testInfo.annotations.push({ type: 'stages seen', description: [...seen.keys()].join(', ') || '(none)' });
});

test('a media job asks which language is spoken (no Auto-detect for speech here), in Arabic', async ({
  page,
  request,
}, testInfo) => {
  await signInFresh(page, request, 'ar-note', 'ar');
  await page.goto('/studio');
  await chooseVideo(page);
  await expect(page.getByText(/جاهز للمعالجة/)).toBeVisible();
  const source = page.getByTestId('source-language');
  await expect(source).toHaveValue('');
  await expect(source.locator('option[value="auto"]')).toHaveCount(0);
  await expect(page.getByTestId('source-speech-language')).toContainText('لا تستطيع محركات الكلام هنا تحديدها');
  await page.locator('label.chip', { hasText: /^الإسبانية$/ }).click();
  await expect(page.getByRole('button', { name: 'ابدأ المعالجة' })).toBeDisabled();
  await source.selectOption('en-gb');
  await recordStages(page);
  await page.getByRole('button', { name: 'ابدأ المعالجة' }).click();

  // Refresh reads the list at once; reading it every 200 ms sees every stage that lasts longer than that.
  const row = page.getByTestId('job-row').first();
  await expect(async () => {
    await page.getByRole('button', { name: 'تحديث' }).click();
    expect(await row.getAttribute('data-status')).toBe('completed');
  }).toPass({ timeout: 180_000, intervals: [200] });
  // The job was seen at work, and every stage it showed was named in Arabic.
  const seen = await stagesSeen(page);
  expect([...seen.keys()].filter(Boolean).length, 'stages seen while the job ran').toBeGreaterThan(0);
  for (const [stage, text] of seen) expect(text, `stage ${stage || '(queued)'}`).not.toMatch(LATIN_WORD);
  await shot(page, testInfo, 'media-job-note');
});
