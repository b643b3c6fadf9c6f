/**
 * Accessibility of the main pages in English and Arabic (issue 15 items 18-21): axe-core finds no serious or
 * critical violation; the focus ring is visible (3:1 against the page); tabs follow the arrow keys and name their
 * panel; the credit bar has a name and is drawn at its own value; each route has its own title in the UI language.
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { chooseVideo, signInFresh } from './helpers.ts';

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

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
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
