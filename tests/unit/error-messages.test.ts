// What users read for each error code: every contract and client code has its own English and Arabic text, the
// details an answer carries are worded in, and no server sentence or configuration name reaches the page.
import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ERRORS } from '../../contract/errors.ts';
import { activateLocale, i18n } from '../../src/lib/i18n.ts';
import { CLIENT_ERROR_CODES, type AppErrorCode, type ErrorInfo } from '../../src/lib/api-error.ts';
import { CLIENT_ERROR_MESSAGES, ERROR_MESSAGES } from '../../src/lib/error-messages.ts';
import { describeCode, describeError } from '../../src/lib/error-text.ts';

const ARABIC = /[\u0600-\u06ff]/;
const info = (code: AppErrorCode, details: ErrorInfo['details'] = {}, status = 400): ErrorInfo => ({
  code,
  status,
  details,
});

afterAll(() => activateLocale('en', { persist: false }));

describe('error messages', () => {
  it('word every contract and client code in English and in Arabic', async () => {
    const texts = async (locale: 'en' | 'ar') => {
      await activateLocale(locale, { persist: false });
      return Object.fromEntries([
        ...ERROR_CODES.map((c) => [c, i18n._(ERROR_MESSAGES[c])]),
        ...CLIENT_ERROR_CODES.map((c) => [c, i18n._(CLIENT_ERROR_MESSAGES[c])]),
      ]) as Record<AppErrorCode, string>;
    };
    const en = await texts('en');
    const ar = await texts('ar');
    for (const code of [...ERROR_CODES, ...CLIENT_ERROR_CODES]) {
      expect(en[code], code).toMatch(/[a-z]{3}/i);
      expect(ar[code], code).toMatch(ARABIC);
      expect(ar[code], code).not.toBe(en[code]);
    }
    // Distinct failures read differently.
    expect(new Set(ERROR_CODES.map((c) => en[c])).size).toBe(ERROR_CODES.length);
  });

  it('never shows API paths or configuration names', async () => {
    await activateLocale('en', { persist: false });
    for (const code of ERROR_CODES) {
      const text = describeCode(code, i18n);
      expect(text, code).not.toMatch(/\/v1\/|POST |GET |[A-Z]{2,}_[A-Z_]{2,}|media_url|env/);
    }
    // The server's wording for API users is not what the page shows where it names API calls.
    expect(describeCode('NOT_A_MEDIA_FILE', i18n)).not.toBe(ERRORS.NOT_A_MEDIA_FILE.message);
  });

  it('words the price and balance of PAYMENT_REQUIRED', async () => {
    await activateLocale('en', { persist: false });
    expect(describeError(info('PAYMENT_REQUIRED', { price: 12.5, balance: 3 }, 402), i18n)).toBe(
      'Not enough credits: this job costs 12.5 credits and you have 3.',
    );
    expect(describeError(info('PAYMENT_REQUIRED', {}, 402), i18n)).toBe('Not enough credits for this job.');
    await activateLocale('ar', { persist: false });
    const ar = describeError(info('PAYMENT_REQUIRED', { price: 12, balance: 3 }, 402), i18n);
    expect(ar).toMatch(ARABIC);
    // Numbers in the interface language's digits (Intl; CLDR writes 'ar' with Latin digits).
    expect(ar).toContain(new Intl.NumberFormat('ar').format(12));
    expect(ar).toContain(`${new Intl.NumberFormat('ar').format(3)}.`);
  });

  it('words the wait of RATE_LIMITED, the attempts of INVALID_OTP and the limit of FILE_TOO_LARGE', async () => {
    await activateLocale('en', { persist: false });
    expect(describeError(info('RATE_LIMITED', { retry_after_seconds: 1 }, 429), i18n)).toBe(
      'Too many requests. Please try again in 1 second.',
    );
    expect(describeError(info('RATE_LIMITED', { retry_after_seconds: 41.2 }, 429), i18n)).toBe(
      'Too many requests. Please try again in 42 seconds.',
    );
    expect(describeError(info('INVALID_OTP', { attempts_left: 2 }), i18n)).toBe(
      'This code is not correct. 2 attempts left.',
    );
    expect(describeError(info('FILE_TOO_LARGE', { max_bytes: 50 * 1024 ** 2 }, 413), i18n)).toBe(
      'This file is larger than the 50 MB allowed.',
    );
    await activateLocale('ar', { persist: false });
    expect(describeError(info('INVALID_OTP', { attempts_left: 2 }), i18n)).toContain('تبقّت محاولتان');
    expect(describeError(info('RATE_LIMITED', { retry_after_seconds: 5 }, 429), i18n)).toContain(
      `${new Intl.NumberFormat('ar').format(5)} ثوانٍ`,
    );
  });

  it('words each NO_ENGINE problem in plain language, without engine or configuration names', async () => {
    const problems = [
      { stage: 'translation' as const, language: 'ar', source_language: 'en' },
      { stage: 'speech' as const, language: 'ja' },
      { stage: 'voice' as const, language: 'xx' },
      { stage: 'translation' as const, language: 'hi' },
    ];
    await activateLocale('en', { persist: false });
    const en = describeError(info('NO_ENGINE', { problems }), i18n);
    expect(en).toBe(
      'Translation from English to Arabic needs a translation service; ask your administrator. ' +
        'Recognising speech in Japanese needs a speech recognition service; ask your administrator. ' +
        'A xx voice-over needs a voice service; ask your administrator. ' +
        'Hindi translation needs a translation service; ask your administrator.',
    );
    await activateLocale('ar', { persist: false });
    const ar = describeError(info('NO_ENGINE', { problems }), i18n);
    expect(ar).toContain('من الإنجليزية إلى العربية');
    expect(ar).toContain('باللغة اليابانية');
    expect(ar).not.toMatch(/[A-Z]{2,}_|OPENAI|DEEPL|LIBRETRANSLATE|apertium/i);
  });

  it('shows VALIDATION_FAILED per field in the user language', async () => {
    const fields = { email: 'Please enter a valid email address', full_name: 'Name must be at least 2 characters.' };
    await activateLocale('en', { persist: false });
    expect(describeError(info('VALIDATION_FAILED', { fields }), i18n)).toBe(
      'Some fields are missing or invalid.\nEmail: Please enter a valid email address\n' +
        'Full Name: Name must be at least 2 characters.',
    );
    await activateLocale('ar', { persist: false });
    const ar = describeError(info('VALIDATION_FAILED', { fields: { ...fields, mystery: 'Something odd' } }), i18n);
    const lines = ar.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^البريد الإلكتروني: /);
    // A field message the web does not know is not shown in English.
    expect(lines[3]).toBe('mystery: هذا الحقل غير صالح.');
    expect(ar).not.toMatch(/Please|Name must|Something/);
  });

  it("uses the caller's fallback text only for failures without a known code", async () => {
    await activateLocale('en', { persist: false });
    expect(describeError(info('UNKNOWN', {}, 500), i18n, 'Failed to delete job')).toBe('Failed to delete job');
    expect(describeError(info('INVALID_RESPONSE', {}, 200), i18n, 'Failed to delete job')).toBe('Failed to delete job');
    expect(describeError(info('JOB_NOT_FOUND', {}, 404), i18n, 'Failed to delete job')).toBe('Job not found.');
    expect(describeError(info('NETWORK', {}, 0), i18n, 'Failed to delete job')).toBe(
      'The server could not be reached. Check your connection.',
    );
    expect(describeError(info('UPLOAD_FAILED', {}, 507), i18n)).toBe('Upload failed with status: 507');
    expect(describeError({ code: 'SOMETHING_NEW' as never, status: 400, details: {} }, i18n, 'Fallback')).toBe(
      'Fallback',
    );
  });
});
