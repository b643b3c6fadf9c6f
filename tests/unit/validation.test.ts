// Validation rules of spec section 5 (the contract's schemas plus the web's confirm rule), with the spec's messages.
import { describe, expect, it } from 'vitest';
import {
  fieldErrors,
  SignInSchema,
  SignUpSchema,
  ResetPasswordSchema,
  passwordChecklist,
} from '../../src/features/auth/schemas.ts';
import { profileErrors } from '../../src/features/settings/schemas.ts';
import { isYoutubeUrl, canStart, buildRequest, DEFAULT_CONFIG } from '../../src/features/studio/schemas.ts';

const messages = (errors: Record<string, { message?: string }>) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.message]));

describe('sign-up', () => {
  const valid = {
    full_name: 'Ada Lovelace',
    email: 'ada@example.com',
    password: 'Analytic1',
    confirm_password: 'Analytic1',
  };

  it('accepts a complete form', () => {
    expect(fieldErrors(SignUpSchema, valid)).toEqual({});
  });

  it.each([
    ['', 'Email is required'],
    ['ada example.com', 'Please enter a valid email address'],
    ['ada @example.com', 'Please enter a valid email address'],
    ['ada@example', 'Please enter a valid email address'],
  ])('e-mail %j -> %s', (email, message) => {
    expect(messages(fieldErrors(SignUpSchema, { ...valid, email })).email).toBe(message);
  });

  it.each([
    ['', 'Password is required'],
    ['Ab1', 'At least 8 characters long'],
    ['analytic1', 'Contains at least one uppercase letter'],
    ['ANALYTIC1', 'Contains at least one lowercase letter'],
    ['Analytical', 'Contains at least one number'],
  ])('password %j -> %s', (password, message) => {
    expect(messages(fieldErrors(SignUpSchema, { ...valid, password, confirm_password: password })).password).toBe(
      message,
    );
  });

  it('needs a full name of at least 2 characters', () => {
    expect(messages(fieldErrors(SignUpSchema, { ...valid, full_name: ' ' })).full_name).toBe(
      'Name must be at least 2 characters.',
    );
    expect(messages(fieldErrors(SignUpSchema, { ...valid, full_name: 'A' })).full_name).toBe(
      'Name must be at least 2 characters.',
    );
  });

  it('blocks a confirmation that differs', () => {
    expect(messages(fieldErrors(SignUpSchema, { ...valid, confirm_password: 'Analytic2' })).confirm_password).toBe(
      'Passwords do not match',
    );
  });

  it('ticks each checklist rule on its own', () => {
    const ok = (p: string) =>
      passwordChecklist(p)
        .filter((r) => r.ok)
        .map((r) => r.id);
    expect(ok('')).toEqual([]);
    expect(ok('abcdefgh')).toEqual(['length', 'lower']);
    expect(ok('Abcdefg1')).toEqual(['length', 'upper', 'lower', 'number']);
  });
});

describe('sign-in and reset', () => {
  it('requires both sign-in fields', () => {
    expect(messages(fieldErrors(SignInSchema, { email: '', password: '' }))).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });
  it('blocks a reset while any rule fails', () => {
    expect(
      Object.keys(fieldErrors(ResetPasswordSchema, { password: 'Weakpass', confirm_password: 'Weakpass' })),
    ).toEqual(['password']);
    expect(fieldErrors(ResetPasswordSchema, { password: 'Strong123', confirm_password: 'Strong123' })).toEqual({});
  });
});

describe('profile', () => {
  it('needs a name of 2 characters and a valid e-mail', () => {
    expect(messages(profileErrors({ full_name: 'A', email: 'ada@example.com' })).full_name).toBe(
      'Name must be at least 2 characters.',
    );
    expect(messages(profileErrors({ full_name: 'Ada', email: 'nope' })).email).toBe('Invalid email address.');
    expect(profileErrors({ full_name: 'Al', email: 'al@example.com' })).toEqual({});
  });
});

describe('studio', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', true],
    ['http://youtu.be/dQw4w9WgXcQ', true],
    ['https://m.youtube.com/shorts/abc', true],
    ['https://youtube.com/', false],
    ['https://vimeo.com/123', false],
    ['ftp://youtu.be/abc', false],
    ['youtu.be/abc', false],
  ])('YouTube link %s -> %s', (url, ok) => {
    expect(isYoutubeUrl(url)).toBe(ok);
  });

  it('disables Start Processing until it can run', () => {
    const config = { ...DEFAULT_CONFIG, targets: ['es'] };
    expect(canStart('media', config, false)).toBe(true);
    expect(canStart('media', { ...config, targets: [] }, false)).toBe(false);
    expect(canStart('media', { ...config, source: '' }, false)).toBe(false);
    expect(canStart('media', { ...config, subtitles: false, voiceOver: false }, false)).toBe(false);
    expect(canStart('document', { ...config, subtitles: false, voiceOver: false }, false)).toBe(true);
    expect(canStart('media', config, true)).toBe(false);
    // Own words on Auto-detect: the server reads the language from their text (or asks for it when too short).
    expect(canStart('media', { ...config, source: 'auto', wordsUploadId: 'upload-1' }, false)).toBe(true);
  });

  it('builds the translate requests of spec section 3', () => {
    const config = { ...DEFAULT_CONFIG, targets: ['es'], voiceOver: true, mode: 'manual' as const };
    expect(buildRequest('media', config, 'u')).toEqual({
      media_url: 'u',
      source_language: 'auto',
      target_languages: ['es'],
      services_to_run: ['subtitle', 'voice_over'],
      voice_over_mode: 'manual',
    });
    expect(buildRequest('document', { ...config, source: 'en-gb' }, 'd')).toEqual({
      media_url: 'd',
      source_language: 'en-gb',
      target_languages: ['es'],
      services_to_run: ['document'],
    });
  });
});
