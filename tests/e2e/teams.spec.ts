/**
 * Teams in the browser (issue 23 item 5): a Business owner creates a team in Settings > Team and invites by e-mail;
 * the invitee, signed in, joins with the e-mailed code; a job the member starts appears in the owner's job list with
 * who started it. The Team tab in Arabic is saved as a screenshot in test-results/e2e/<test>/.
 */
import fs from 'node:fs';
import { test, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createVerifiedUser, JFK, newEmail, readCode } from './helpers.ts';

/** A verified account, optionally on `plan` through the test checkout; its token, user and e-mail. */
async function account(request: APIRequestContext, tag: string, plan?: 'business') {
  const email = newEmail(tag);
  const { token, user } = await createVerifiedUser(request, email);
  const auth = { authorization: `Bearer ${token}` };
  if (plan) {
    const checkout = await request.post('/v1/billing/create-checkout-session', {
      headers: auth,
      data: { price_id: `test_price_${plan}`, plan_name: plan },
    });
    const { sessionId } = (await checkout.json()) as { sessionId: string };
    const confirm = await request.post('/v1/billing/test-checkout/confirm', {
      headers: auth,
      data: { session_id: sessionId },
    });
    expect(confirm.status()).toBe(200);
  }
  return { token, user, email, auth };
}

/** A page of its own browser context, signed in as the account, in `locale`. */
async function pageOf(browser: Browser, who: { token: string; user: unknown }, locale: 'en' | 'ar'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.addInitScript(
    ([t, u, l]) => {
      if (!localStorage.getItem('access_token')) {
        localStorage.setItem('access_token', t as string);
        localStorage.setItem('user', JSON.stringify(u));
        localStorage.setItem('tarjama.language', l as string);
      }
    },
    [who.token, who.user, locale],
  );
  return page;
}

test('an owner invites by e-mail, the invitee joins with the code, and the owner sees the member’s job', async ({
  browser,
  request,
}) => {
  const owner = await account(request, 'team-owner', 'business');
  const member = await account(request, 'team-member');

  const ownerPage = await pageOf(browser, owner, 'en');
  await ownerPage.goto('/settings');
  await ownerPage.getByRole('tab', { name: 'Team' }).click();
  const team = ownerPage.getByTestId('team');
  await team.getByLabel('Or create a team').fill('Dubbing agency');
  await team.getByRole('button', { name: 'Create team' }).click();
  await expect(team.getByRole('heading', { name: 'Dubbing agency' })).toBeVisible();
  await team.getByLabel('Invite by e-mail').fill(member.email);
  await team.getByRole('button', { name: 'Send invitation' }).click();
  await expect(team.getByTestId('team-invitations')).toContainText(member.email);

  const code = await readCode(member.email);
  const memberPage = await pageOf(browser, member, 'en');
  await memberPage.goto(`/settings?tab=team&code=${code}`);
  const mine = memberPage.getByTestId('team');
  await expect(mine.getByTestId('team-invitations-for-me')).toContainText('Dubbing agency');
  await expect(mine.getByLabel('Invitation code from the e-mail')).toHaveValue(code);
  await mine.getByRole('button', { name: 'Join the team' }).click();
  await expect(mine.getByTestId('team-role')).toContainText('Member');
  await expect(mine.getByTestId('team-member')).toHaveCount(2);

  // The member starts a job (through the API, as the studio does); it is charged to and listed for the team.
  const target = await request.post('/v1/uploads/presigned-url', {
    headers: member.auth,
    data: { filename: 'member-clip.mp4', content_type: 'video/mp4' },
  });
  const { upload_url, file_url } = (await target.json()) as { upload_url: string; file_url: string };
  const put = await request.put(upload_url, {
    headers: { 'content-type': 'video/mp4', 'x-amz-acl': 'public-read' },
    data: fs.readFileSync(JFK),
  });
  expect(put.status()).toBe(200);
  const job = await request.post('/v1/jobs/translate', {
    headers: member.auth,
    data: { media_url: file_url, source_language: 'en', target_languages: ['es'], services_to_run: ['subtitle'] },
  });
  expect(job.status()).toBe(201);

  await ownerPage.goto('/studio');
  const row = ownerPage.getByTestId('job-row').filter({ hasText: 'member-clip.mp4' });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('job-started-by')).toContainText(member.email);
  const { id } = (await job.json()) as { id: string };
  await request.delete(`/v1/jobs/${id}`, { headers: owner.auth });
});

test('the Team tab in Arabic', async ({ browser, request }, testInfo) => {
  const owner = await account(request, 'team-ar', 'business');
  const page = await pageOf(browser, owner, 'ar');
  await page.goto('/settings?tab=team');
  const team = page.getByTestId('team');
  await team.getByLabel('أو أنشئ فريقًا').fill('وكالة الدبلجة');
  await team.getByRole('button', { name: 'إنشاء الفريق' }).click();
  await expect(team.getByRole('heading', { name: 'وكالة الدبلجة' })).toBeVisible();
  await team.getByLabel('الدعوة بالبريد الإلكتروني').fill(newEmail('team-ar-invitee'));
  await team.getByRole('button', { name: 'إرسال الدعوة' }).click();
  await expect(team.getByTestId('team-invitations')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const file = testInfo.outputPath('team-ar.png');
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach('team-ar', { path: file, contentType: 'image/png' });
});
