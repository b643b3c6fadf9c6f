/**
 * A member who joins a team keeps their own jobs (issue 38 item 2): a Free user starts a job, reads on the join
 * screen what becomes shared, joins with the e-mailed code, and still sees their job in Recent Jobs (under All and
 * Mine, not under Team) and opens it through the API; leaving asks first and loses none of their own jobs.
 */
import fs from 'node:fs';
import { test, expect, type APIRequestContext, type Browser } from '@playwright/test';
import { createVerifiedUser, JFK, newEmail, readCode, signInAs } from './helpers.ts';

async function account(request: APIRequestContext, tag: string, business = false) {
  const email = newEmail(tag);
  const { token, user } = await createVerifiedUser(request, email);
  const auth = { authorization: `Bearer ${token}` };
  if (business) {
    const checkout = await request.post('/v1/billing/create-checkout-session', {
      headers: auth,
      data: { price_id: 'test_price_business', plan_name: 'business' },
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

async function pageOf(browser: Browser, who: { token: string; user: unknown }) {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, who.token, who.user);
  return page;
}

async function startJob(request: APIRequestContext, auth: Record<string, string>, filename: string) {
  const target = await request.post('/v1/uploads/presigned-url', {
    headers: auth,
    data: { filename, content_type: 'video/mp4' },
  });
  const { upload_url, file_url } = (await target.json()) as { upload_url: string; file_url: string };
  const put = await request.put(upload_url, {
    headers: { 'content-type': 'video/mp4', 'x-amz-acl': 'public-read' },
    data: fs.readFileSync(JFK),
  });
  expect(put.status()).toBe(200);
  const job = await request.post('/v1/jobs/translate', {
    headers: auth,
    data: { media_url: file_url, source_language: 'en', target_languages: ['es'], services_to_run: ['subtitle'] },
  });
  expect(job.status()).toBe(201);
  return ((await job.json()) as { id: string }).id;
}

test('a member joins a team and still sees and opens their own job; leaving keeps it', async ({ browser, request }) => {
  const owner = await account(request, 'own-jobs-owner', true);
  const member = await account(request, 'own-jobs-member');
  const ownJob = await startJob(request, member.auth, 'my-own-clip.mp4');
  expect((await request.post('/v1/team', { headers: owner.auth, data: { name: 'Agency' } })).status()).toBe(201);
  await request.post('/v1/team/invitations', { headers: owner.auth, data: { email: member.email, role: 'member' } });
  const code = await readCode(member.email);
  await startJob(request, owner.auth, 'team-clip.mp4');

  const page = await pageOf(browser, member);
  await page.goto(`/settings?tab=team&code=${code}`);
  const team = page.getByTestId('team');
  await expect(team.getByTestId('team-join-shares')).toContainText('Your own jobs from before stay private');
  await team.getByRole('button', { name: 'Join the team' }).click();
  await expect(team.getByTestId('team-role')).toContainText('Member');

  await page.goto('/studio');
  const jobs = page.getByTestId('recent-jobs');
  const mine = jobs.getByTestId('job-row').filter({ hasText: 'my-own-clip.mp4' });
  const theirs = jobs.getByTestId('job-row').filter({ hasText: 'team-clip.mp4' });
  await expect(mine).toBeVisible();
  await expect(theirs).toBeVisible();
  const filter = jobs.getByTestId('job-filter');
  await filter.getByRole('button', { name: 'Mine' }).click();
  await expect(mine).toBeVisible();
  await expect(theirs).toHaveCount(0);
  await filter.getByRole('button', { name: 'Team' }).click();
  await expect(theirs).toBeVisible();
  await expect(mine).toHaveCount(0);
  // Opening the job answers while in the team (it used to be 404 until the member left).
  const opened = await page.request.get(`/v1/jobs/${ownJob}`, { headers: member.auth });
  expect(opened.status()).toBe(200);
  expect(await opened.json()).toMatchObject({ id: ownJob, original_filename: 'my-own-clip.mp4', scope: 'personal' });

  // Billing is the owner's: the member is told so and offered no plan or pack buttons (issue 38 item 4).
  await page.goto('/subscription');
  await expect(page.getByTestId('team-billing-note')).toContainText(owner.email);
  await expect(page.getByTestId('plan-card').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Upgrade to|Change to|Downgrade/ })).toHaveCount(0);
  await expect(page.getByTestId('credit-packs')).toHaveCount(0);

  // Leaving asks first, then the member's own job is still theirs.
  await page.goto('/settings?tab=team');
  await team.getByRole('button', { name: 'Leave' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Leave the team?' });
  await expect(ask).toContainText('Your own jobs from before you joined stay yours');
  await ask.getByRole('button', { name: 'Leave' }).click();
  await expect(team.getByRole('button', { name: 'Join the team' })).toBeVisible();
  await page.goto('/studio');
  await expect(mine).toBeVisible();
  await expect(theirs).toHaveCount(0);
  await expect(jobs.getByTestId('job-filter')).toHaveCount(0);
});
