/**
 * The remembered subtitle style (issue 13): PUT /v1/users/me { subtitle_style } stores the studio's burned-in
 * subtitle style (migration 0009), GET /v1/users/me answers it on the next visit, a bad value is refused with the
 * validation error shape and leaves the saved style as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { call, verifiedAccount } from '../auth/account-helpers.ts';

describe('the remembered subtitle style', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', env: { RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is null until saved, then read back with the defaults filled in', async () => {
    const { token } = await verifiedAccount(t, 'Style Saver');
    expect((await call(t, 'GET', '/v1/users/me', undefined, token)).body.subtitle_style).toBeNull();
    const saved = await call(
      t,
      'PUT',
      '/v1/users/me',
      { subtitle_style: { font_size: 60, colour: '#FFD700', background: 'box', position: 'top' } },
      token,
    );
    expect(saved.status).toBe(200);
    const expected = { font_size: 60, colour: '#FFD700', background: 'box', position: 'top', bilingual: false };
    expect(saved.body.subtitle_style).toEqual(expected);
    // Another change of the profile keeps it; the next visit reads it.
    expect((await call(t, 'PUT', '/v1/users/me', { language: 'ar' }, token)).status).toBe(200);
    expect((await call(t, 'GET', '/v1/users/me', undefined, token)).body.subtitle_style).toEqual(expected);
    const cleared = await call(t, 'PUT', '/v1/users/me', { subtitle_style: null }, token);
    expect(cleared.body.subtitle_style).toBeNull();
  });

  it('refuses a bad value with 400 and the field named, keeping the saved style', async () => {
    const { token } = await verifiedAccount(t, 'Style Checker');
    const good = { font_size: 40, colour: '#00FF00', background: 'outline', position: 'bottom', bilingual: true };
    expect((await call(t, 'PUT', '/v1/users/me', { subtitle_style: good }, token)).status).toBe(200);
    const colour = await call(t, 'PUT', '/v1/users/me', { subtitle_style: { colour: 'red' } }, token);
    expect(colour.status).toBe(400);
    expect(colour.body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      fields: { 'subtitle_style.colour': 'Choose a colour for the subtitles.' },
    });
    const size = await call(t, 'PUT', '/v1/users/me', { subtitle_style: { font_size: 400 } }, token);
    expect(size.body.fields).toEqual({
      'subtitle_style.font_size': 'Choose a font size from 16 to 96.',
    });
    const place = await call(t, 'PUT', '/v1/users/me', { subtitle_style: { position: 'middle' } }, token);
    expect(place.body.fields).toEqual({
      'subtitle_style.position': 'Choose the top or the bottom of the picture for the subtitles.',
    });
    const text = await call(t, 'PUT', '/v1/users/me', { subtitle_style: 'big' }, token);
    expect(text.status).toBe(400);
    expect((await call(t, 'GET', '/v1/users/me', undefined, token)).body.subtitle_style).toEqual(good);
  });
});
