// The editor's saving against a local server answering as the API documents: saved revisions, edits kept on the
// device while the server cannot be reached and sent when it can, a 409 shown as a conflict, an empty cue held back.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TracksResponse } from '../../contract/tracks.ts';
import { readDraft, saveNow } from '../../src/features/editor/autosave.ts';
import { openEditor } from '../../src/features/editor/open-editor.ts';
import { insertCue, setText } from '../../src/features/editor/model.ts';
import { selectDoc, useEditorStore } from '../../src/features/editor/store.ts';
import { configureApiClient, signedUrlOf } from '../../src/lib/api-client.ts';
import { jobOf, routeFetchTo, startFakeApi, type FakeApi } from './helpers/api-server.ts';

const tracks = (): TracksResponse => ({
  revision: 1,
  source: { language: 'en', cues: [{ id: 'a', start: 0, end: 2, text: 'ask not what your country can do' }] },
  targets: { es: { cues: [{ id: 'x', start: 0, end: 2, text: 'no preguntes qué puede hacer tu pais' }] } },
  warnings: {},
});

describe('editor autosave', () => {
  let api: FakeApi;
  let restore: () => void;
  beforeEach(async () => {
    api = await startFakeApi();
    restore = routeFetchTo(api);
    configureApiClient({ getToken: () => api.token });
    api.tracks.job1 = tracks();
    useEditorStore.getState().load('job1', tracks());
  });
  afterEach(async () => {
    restore();
    await api.close();
  });
  const fix = (text: string) => useEditorStore.getState().edit((d) => setText(d, 'es', 'x', text), 'text:es:x');

  it('saves an edit as the next revision; the server then holds the fix', async () => {
    fix('no preguntes qué puede hacer tu país');
    expect(useEditorStore.getState().save).toBe('pending');
    await saveNow();
    expect(useEditorStore.getState()).toMatchObject({ save: 'saved', revision: 2 });
    expect(api.tracks.job1.targets.es.cues[0].text).toBe('no preguntes qué puede hacer tu país');
    expect(await readDraft('job1')).toBeUndefined();
  });

  it('keeps edits on the device while the server cannot be reached, and sends them when it can', async () => {
    await api.stop();
    fix('editado sin conexión');
    await saveNow();
    expect(useEditorStore.getState().save).toBe('offline');
    const draft = await readDraft('job1');
    expect(draft?.revision).toBe(1);
    expect(draft?.doc.tracks.es[0].text).toBe('editado sin conexión');

    // A reload while offline opens the draft, based on the revision it was made over.
    useEditorStore.getState().load('job1', tracks(), draft);
    expect(selectDoc(useEditorStore.getState())?.tracks.es[0].text).toBe('editado sin conexión');
    await api.start();
    restore();
    restore = routeFetchTo(api);
    await saveNow();
    expect(useEditorStore.getState()).toMatchObject({ save: 'saved', revision: 2 });
    expect(api.tracks.job1.targets.es.cues[0].text).toBe('editado sin conexión');
    expect(await readDraft('job1')).toBeUndefined();
  });

  it('shows a conflict when the job changed elsewhere, and overwrites nothing', async () => {
    api.tracks.job1 = { ...tracks(), revision: 5 };
    fix('mi cambio');
    await saveNow();
    expect(useEditorStore.getState().save).toBe('conflict');
    expect(api.tracks.job1.targets.es.cues[0].text).toBe('no preguntes qué puede hacer tu pais');
    // Further edits do not try again over the newer revision.
    fix('otro cambio');
    await saveNow();
    expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  it('holds back a cue without text until it has some', async () => {
    useEditorStore.getState().edit((d) => insertCue(d, 'source', 'a', 'n'));
    await saveNow();
    expect(useEditorStore.getState().save).toBe('invalid');
    expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    useEditorStore.getState().edit((d) => setText(d, 'source', 'n', 'ask what you can do'));
    await saveNow();
    expect(useEditorStore.getState()).toMatchObject({ save: 'saved', revision: 2 });
    expect(api.tracks.job1.source.cues.map((c) => c.text)).toEqual([
      'ask not what your country can do',
      'ask what you can do',
    ]);
  });

  it('opens again without a connection with the last saved text and the edits made offline', async () => {
    api.jobs = [jobOf({ id: 'job1', status: 'completed', original_filename: 'jfk.mp4' })];
    await openEditor('job1', false);
    fix('guardado');
    await saveNow();
    await api.stop();
    // Reopened offline: the saved revision, kept on the device.
    const job = await openEditor('job1', false);
    expect(job.original_filename).toBe('jfk.mp4');
    expect(useEditorStore.getState()).toMatchObject({ revision: 2, save: 'saved' });
    expect(selectDoc(useEditorStore.getState())?.tracks.es[0].text).toBe('guardado');
    fix('sin conexión');
    await saveNow();
    expect(useEditorStore.getState().save).toBe('offline');
    // And again: the offline edit is there, waiting to be sent.
    await openEditor('job1', false);
    expect(selectDoc(useEditorStore.getState())?.tracks.es[0].text).toBe('sin conexión');
    expect(useEditorStore.getState().save).toBe('pending');
  });

  it('a conflict is resolved by reloading the latest revision (the local edit is dropped)', async () => {
    api.jobs = [jobOf({ id: 'job1', status: 'completed' })];
    await openEditor('job1', false);
    api.tracks.job1 = {
      ...tracks(),
      revision: 7,
      targets: { es: { cues: [{ id: 'x', start: 0, end: 2, text: 'de otro' }] } },
    };
    fix('mío');
    await saveNow();
    expect(useEditorStore.getState().save).toBe('conflict');
    await openEditor('job1', true);
    expect(useEditorStore.getState()).toMatchObject({ revision: 7, save: 'saved' });
    expect(selectDoc(useEditorStore.getState())?.tracks.es[0].text).toBe('de otro');
    expect(await readDraft('job1')).toBeUndefined();
  });

  it("gives the player the signed address of the job's file (the API path needs the token)", async () => {
    expect(await signedUrlOf('/v1/uploads/u1/file')).toBe(`${api.base}/files/u1?sig=signed`);
    expect(await signedUrlOf('https://cdn.example.com/a.mp4')).toBe('https://cdn.example.com/a.mp4');
    configureApiClient({ getToken: () => 'wrong', onUnauthorized: () => undefined });
    await expect(signedUrlOf('/v1/uploads/u1/file')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
