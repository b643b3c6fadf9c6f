// The shell's stores: session, language, studio and jobs.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../src/lib/session-store.ts';
import { useLanguageStore } from '../../src/features/language/store.ts';
import { useStudioStore } from '../../src/features/studio/store.ts';
import { useJobsStore } from '../../src/features/jobs/store.ts';
import { remainingPercent } from '../../src/features/studio/components/account-status-card.tsx';
import { configureApiClient } from '../../src/lib/api-client.ts';
import { allowanceOf, resetPlansStore, usePlansStore } from '../../src/lib/plans-store.ts';
import { parseLocale, readStoredLocale } from '../../src/lib/i18n.ts';
import type { UploadView } from '../../workers/upload-types.ts';
import { jobOf, startFakeApi, routeFetchTo, type FakeApi } from './helpers/api-server.ts';

const upload = (id: string, status: UploadView['status'], kind: UploadView['kind'] = 'media'): UploadView => ({
  id,
  filename: `${id}.mp4`,
  contentType: 'video/mp4',
  sizeBytes: 100,
  bytesSent: 0,
  percent: 0,
  status,
  kind,
  needsFile: false,
  createdAt: 1,
});

describe('session store', () => {
  let api: FakeApi;
  let restoreFetch: () => void;
  beforeEach(async () => {
    api = await startFakeApi();
    restoreFetch = routeFetchTo(api);
    configureApiClient({
      getToken: () => useSessionStore.getState().token,
      onUnauthorized: () => useSessionStore.getState().clear(),
    });
  });
  afterEach(async () => {
    restoreFetch();
    await api.close();
  });

  it('validates a stored token by reading the current user', async () => {
    useSessionStore.setState({ token: 'good-token', user: null, status: 'loading' });
    await useSessionStore.getState().init();
    expect(useSessionStore.getState()).toMatchObject({
      status: 'signed-in',
      user: { email: 'ada@example.com', credit_balance: 100 },
    });
    expect(JSON.parse(localStorage.getItem('user')!).email).toBe('ada@example.com');
  });

  it('clears a token the server refuses', async () => {
    useSessionStore.setState({ token: 'old', user: null, status: 'loading' });
    await useSessionStore.getState().init();
    expect(useSessionStore.getState()).toMatchObject({ status: 'signed-out', token: null, user: null });
  });

  it('Google return: sets the token then fetches the profile; a bad token clears the session', async () => {
    expect(await useSessionStore.getState().signInWithToken('good-token')).toBe(true);
    expect(localStorage.getItem('access_token')).toBe('good-token');
    expect(await useSessionStore.getState().signInWithToken('forged')).toBe(false);
    expect(useSessionStore.getState().status).toBe('signed-out');
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});

describe('language store', () => {
  it('accepts only en or ar', () => {
    expect(parseLocale('ar')).toBe('ar');
    expect(parseLocale('fr')).toBe('en');
    localStorage.setItem('tarjama.language', 'de');
    expect(readStoredLocale()).toBe('en');
  });

  it('stores the choice and mirrors the page', async () => {
    await useLanguageStore.getState().setLocale('ar');
    expect(localStorage.getItem('tarjama.language')).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    await useLanguageStore.getState().toggle();
    expect(document.documentElement.dir).toBe('ltr');
    expect(useLanguageStore.getState().locale).toBe('en');
  });
});

describe('studio store', () => {
  beforeEach(() => useStudioStore.getState().reset());

  it("after a reload selects each tab's latest upload again", () => {
    useStudioStore
      .getState()
      .setUploads([
        upload('a', 'completed'),
        upload('b', 'paused'),
        upload('d', 'uploading', 'document'),
        upload('f', 'failed'),
      ]);
    expect(useStudioStore.getState().selection).toEqual({
      media: { type: 'file', uploadId: 'b' },
      document: { type: 'file', uploadId: 'd' },
    });
  });

  it('Remove closes the configuration of the tab that showed it', () => {
    useStudioStore.getState().upsertUpload(upload('a', 'completed'));
    useStudioStore.getState().select('media', { type: 'file', uploadId: 'a' });
    useStudioStore.getState().removeUpload('a');
    expect(useStudioStore.getState().selection.media).toBeNull();
    expect(useStudioStore.getState().uploads).toEqual({});
  });

  it('toggles target languages; documents start from English, media from auto-detect', () => {
    const s = useStudioStore.getState();
    s.toggleTarget('media', 'es');
    s.toggleTarget('media', 'fr');
    s.toggleTarget('media', 'es');
    expect(useStudioStore.getState().config.media.targets).toEqual(['fr']);
    expect(useStudioStore.getState().config.media).toMatchObject({
      source: 'auto',
      subtitles: true,
      voiceOver: false,
      mode: 'dubbing',
    });
    expect(useStudioStore.getState().config.document.source).toBe('en-gb');
  });
});

describe('jobs store and account status', () => {
  it('keeps the last list and says when it comes from the device', () => {
    useJobsStore.getState().setJobs([jobOf({ id: 'j1' })], false, 5);
    useJobsStore.getState().markStale();
    expect(useJobsStore.getState()).toMatchObject({ loaded: true, stale: true, fetchedAt: 5 });
    useJobsStore.getState().removeJob('j1');
    expect(useJobsStore.getState().jobs).toEqual([]);
  });

  it("computes the remaining share of the server's allowance, clamped, unknown plans as Free", async () => {
    const api = await startFakeApi();
    const restore = routeFetchTo(api);
    try {
      resetPlansStore();
      await usePlansStore.getState().load();
      const cards = usePlansStore.getState().plans?.plans;
      const percent = (balance: number, plan: string) => remainingPercent(balance, allowanceOf(plan, cards)!);
      expect(percent(20, 'Free')).toBe(80);
      expect(percent(600, 'pro')).toBe(50);
      expect(percent(600, 'PRO')).toBe(50);
      expect(percent(50, 'mystery')).toBe(100);
      expect(percent(-3, 'explorer')).toBe(0);
      expect(allowanceOf('Free', undefined)).toBeNull();
      // Read once per visit: a second use does not ask again.
      await usePlansStore.getState().load();
      expect(api.requests.filter((r) => r.url === '/v1/plans')).toHaveLength(1);
    } finally {
      restore();
      await api.close();
    }
  });
});
