/**
 * Accessibility of the main pages in English and Arabic (issue 15 items 18-21): axe-core finds no serious or
 * critical violation; the focus ring is visible (3:1 against the page); tabs follow the arrow keys and name their
 * panel; the credit bar has a name and is drawn at its own value; each route has its own title in the UI language.
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { chooseVideo, configureSpanish, signInFresh } from './helpers.ts';

const PUBLIC_PAGES = [
  { path: '/', title: { en: /Tarjama$/, ar: /ترجمة$/ } },
  { path: '/auth', title: { en: /^Sign In · Tarjama$/, ar: /^تسجيل الدخول · ترجمة$/ } },
];
const PAGES = [
  { path: '/pricing', title: { en: /^Pricing · Tarjama$/, ar: / · ترجمة$/ } },
  { path: '/studio', title: { en: /^Translation Studio · Tarjama$/, ar: / · ترجمة$/ } },
  { path: '/subscription', title: { en: /^Subscription · Tarjama$/, ar: / · ترجمة$/ } },
  { path: '/settings', title: { en: /^Account Settings · Tarjama$/, ar: / · ترجمة$/ } },
] as const;

/** Serious and critical axe violations of the page, or of the part `include` selects. */
async function seriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** WCAG contrast ratio of two rgb() colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/\d+(\.\d+)?/g) ?? ['0', '0', '0']).slice(0, 3).map((x) => {
      const v = Number(x) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

for (const locale of ['en', 'ar'] as const) {
  test(`no serious or critical axe violations, and a title per route (${locale})`, async ({
    page,
    request,
    browser,
  }) => {
    const found: Record<string, string[]> = {};
    // Signed out: the landing and sign-in pages.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.addInitScript((l) => localStorage.setItem('tarjama.language', l), locale);
    for (const { path, title } of PUBLIC_PAGES) {
      await visitor.goto(path);
      await expect(visitor.locator('h1').first()).toBeVisible();
      await expect(visitor).toHaveTitle(title[locale]);
      await visitor.waitForTimeout(400);
      const violations = await seriousViolations(visitor);
      if (violations.length > 0) found[path] = violations;
    }
    await visitorContext.close();
    await signInFresh(page, request, `a11y-${locale}`, locale);
    for (const { path, title } of PAGES) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page).toHaveTitle(title[locale]);
      if (path === '/studio') {
        await chooseVideo(page);
        await expect(page.getByRole('button', { name: /Start Processing|ابدأ المعالجة/ })).toBeVisible();
      }
      await page.waitForTimeout(400); // transitions end
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[path] = violations;
    }
    expect(found).toEqual({});
  });
}

test('keyboard: a visible focus ring, tabs with arrow keys linked to their panel, named drop zone and bars', async ({
  page,
  request,
}) => {
  await signInFresh(page, request, 'keys');
  await page.goto('/studio');
  const tab = page.getByRole('tab', { name: 'Audio & Video' });
  await tab.focus();
  await page.keyboard.press('ArrowRight');
  const docs = page.getByRole('tab', { name: 'Documents' });
  await expect(docs).toBeFocused();
  await expect(docs).toHaveAttribute('aria-selected', 'true');
  const panelId = await docs.getAttribute('aria-controls');
  await expect(page.locator(`#${panelId}`)).toHaveAttribute('role', 'tabpanel');
  await expect(page.getByRole('button', { name: 'Choose a document' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(tab).toHaveAttribute('aria-selected', 'true');

  // The focus ring: at least 3:1 against the page behind it.
  await page.keyboard.press('Tab');
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return { color: style.outlineColor, width: parseFloat(style.outlineWidth), style: style.outlineStyle };
  });
  expect(ring.style).not.toBe('none');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  expect(contrast(ring.color, 'rgb(255, 255, 255)')).toBeGreaterThanOrEqual(3);
  expect(contrast(ring.color, 'rgb(246, 247, 251)')).toBeGreaterThanOrEqual(3);

  // Choosing a file moves the focus to it.
  await chooseVideo(page);
  await expect(page.getByTestId('upload-item')).toBeFocused();

  // The credit bar has a name and is drawn at the value it announces.
  const bar = page.getByRole('progressbar', { name: 'Credits remaining' });
  await expect(bar).toBeVisible();
  const drawn = await bar.evaluate((el) => {
    const fill = el.firstElementChild as HTMLElement;
    return {
      ratio: (fill.getBoundingClientRect().width / el.getBoundingClientRect().width) * 100,
      value: Number(el.getAttribute('aria-valuenow')),
    };
  });
  expect(Math.abs(drawn.ratio - drawn.value)).toBeLessThan(2);
  // The language switch is named by what it shows.
  await expect(page.getByRole('button', { name: 'العربية' })).toBeVisible();
});

test('the transcript and preview dialogs of a finished job: no serious or critical axe violations (en, ar)', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await signInFresh(page, request, 'a11y-dialogs');
  await page.goto('/studio');
  await chooseVideo(page);
  await expect(page.getByText(/• Ready to process/)).toBeVisible();
  await configureSpanish(page, false);
  await page.getByRole('button', { name: 'Start Processing' }).click();
  const row = page.getByTestId('job-row').first();
  await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 240_000 });

  const found: Record<string, string[]> = {};
  const texts = {
    en: {
      transcript: 'Transcript',
      closeTranscript: 'Close transcript',
      preview: 'Preview',
      closePreview: 'Close preview',
    },
    ar: {
      transcript: 'النص المنطوق',
      closeTranscript: 'إغلاق النص المنطوق',
      preview: 'معاينة',
      closePreview: 'إغلاق المعاينة',
    },
  };
  for (const locale of ['en', 'ar'] as const) {
    if (locale === 'ar') {
      await page.getByRole('button', { name: 'العربية' }).click();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    }
    const words = texts[locale];
    await row.getByRole('button', { name: words.transcript, exact: true }).click();
    const transcript = page.getByRole('dialog');
    await expect(transcript.locator('.transcript-text').first()).toHaveText(/\w{3,}/);
    await page.waitForTimeout(400); // the opening transition ends
    found[`transcript (${locale})`] = await seriousViolations(page, '[role="dialog"]');
    await page.getByRole('button', { name: words.closeTranscript }).click();
    await expect(transcript).toHaveCount(0);

    await row.getByRole('button', { name: words.preview, exact: true }).click();
    const video = page.getByTestId('preview-video');
    await expect(video).toBeVisible();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
    await page.waitForTimeout(400);
    found[`preview (${locale})`] = await seriousViolations(page, '[role="dialog"]');
    await page.getByRole('button', { name: words.closePreview }).click();
    await expect(video).toHaveCount(0);
  }
  expect(found).toEqual({
    'transcript (en)': [],
    'preview (en)': [],
    'transcript (ar)': [],
    'preview (ar)': [],
  });
});
