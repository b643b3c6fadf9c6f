/**
 * The sentence the user reads for a failure, in their language: the message of its code (src/lib/error-messages.ts)
 * with the details the answer carries worded in (PAYMENT_REQUIRED price and balance, RATE_LIMITED seconds,
 * INVALID_OTP attempts left, FILE_TOO_LARGE size, NO_ENGINE problems, VALIDATION_FAILED fields).
 */
import { msg, plural } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { EngineProblem, EngineStage, ErrorCode } from '../../contract/errors.ts';
import { languageLabel } from '../config/languages.ts';
import type { ErrorDetails, ErrorInfo } from './api-error.ts';
import { isAppErrorCode } from './api-error.ts';
import { messageOf } from './contract-messages.ts';
import { CLIENT_ERROR_MESSAGES, ERROR_MESSAGES } from './error-messages.ts';
import { FIELD_LABELS } from './field-labels.ts';
import { formatBytes, formatCredits } from './format.ts';

const sentenceOfProblem: Record<EngineStage, (p: EngineProblem, i18n: I18n) => string> = {
  speech: (p, i18n) => {
    const language = languageLabel(p.language, i18n);
    return i18n._(msg`Recognising speech in ${language} needs a speech recognition service; ask your administrator.`);
  },
  translation: (p, i18n) => {
    const language = languageLabel(p.language, i18n);
    if (!p.source_language)
      return i18n._(msg`${language} translation needs a translation service; ask your administrator.`);
    const source = languageLabel(p.source_language, i18n);
    return i18n._(msg`Translation from ${source} to ${language} needs a translation service; ask your administrator.`);
  },
  voice: (p, i18n) => {
    const language = languageLabel(p.language, i18n);
    return i18n._(msg`A ${language} voice-over needs a voice service; ask your administrator.`);
  },
};

/** One sentence per NO_ENGINE problem, in plain language (no engine or configuration names). */
export function problemSentences(problems: readonly EngineProblem[], i18n: I18n): string[] {
  return [...new Set(problems.map((p) => sentenceOfProblem[p.stage](p, i18n)))];
}

/** VALIDATION_FAILED `fields` as field name -> translated message (unknown fields keep their API name). */
export function fieldMessages(details: ErrorDetails, i18n: I18n): Record<string, string> {
  return Object.fromEntries(
    Object.entries(details.fields ?? {}).map(([field, english]) => [field, i18n._(messageOf(english))]),
  );
}

function fieldLabel(field: string, i18n: I18n): string {
  return Object.hasOwn(FIELD_LABELS, field) ? i18n._(FIELD_LABELS[field as keyof typeof FIELD_LABELS]) : field;
}

/** Messages that word the answer's details; undefined when the details are absent (the plain message is used). */
const detailed: Partial<Record<ErrorCode, (d: ErrorDetails, i18n: I18n) => string | undefined>> = {
  PAYMENT_REQUIRED: (d, i18n) => {
    if (d.price === undefined || d.balance === undefined) return undefined;
    const price = formatCredits(d.price, i18n.locale);
    const balance = formatCredits(d.balance, i18n.locale);
    return i18n._(msg`Not enough credits: this job costs ${price} credits and you have ${balance}.`);
  },
  RATE_LIMITED: (d, i18n) => {
    const seconds = d.retry_after_seconds === undefined ? undefined : Math.max(1, Math.ceil(d.retry_after_seconds));
    if (seconds === undefined) return undefined;
    return i18n._(
      msg`Too many requests. Please try again in ${plural(seconds, { one: '# second', other: '# seconds' })}.`,
    );
  },
  INVALID_OTP: (d, i18n) => {
    const left = d.attempts_left;
    if (left === undefined) return undefined;
    return i18n._(msg`This code is not correct. ${plural(left, { one: '# attempt left', other: '# attempts left' })}.`);
  },
  FILE_TOO_LARGE: (d, i18n) => {
    if (d.max_bytes === undefined) return undefined;
    const size = formatBytes(d.max_bytes, i18n.locale);
    return i18n._(msg`This file is larger than the ${size} allowed.`);
  },
  // The line and column of a refused glossary CSV (issue 38 item 4: the message named neither).
  GLOSSARY_CSV_INVALID: (d, i18n) => {
    const { line, column } = d;
    if (line === undefined) return undefined;
    return column
      ? i18n._(
          msg`The glossary file is not valid: line ${line}, column ${column}. Check that value; the columns are term, source_language, target_language, translation.`,
        )
      : i18n._(
          msg`The glossary file is not valid: line ${line}. The columns are term, source_language, target_language, translation.`,
        );
  },
  NO_ENGINE: (d, i18n) => (d.problems?.length ? problemSentences(d.problems, i18n).join(' ') : undefined),
  VALIDATION_FAILED: (d, i18n) => {
    const fields = fieldMessages(d, i18n);
    if (Object.keys(fields).length === 0) return undefined;
    const lines = Object.entries(fields).map(([field, text]) => `${fieldLabel(field, i18n)}: ${text}`);
    return [i18n._(ERROR_MESSAGES.VALIDATION_FAILED), ...lines].join('\n');
  },
};

/**
 * The user's sentence for `info`. Contract codes and NETWORK always have their own message; for a failure without
 * a known code (UNKNOWN) or an answer that does not match the contract (INVALID_RESPONSE), the caller's `fallback`
 * is shown when it gives one (the spec's fallback texts, section 8).
 */
export function describeError(info: ErrorInfo, i18n: I18n, fallback?: MessageDescriptor | string): string {
  const code = isAppErrorCode(info.code) ? info.code : 'UNKNOWN';
  if ((code === 'UNKNOWN' || code === 'INVALID_RESPONSE') && fallback !== undefined)
    return typeof fallback === 'string' ? fallback : i18n._(fallback);
  if (code === 'UPLOAD_FAILED') {
    const withStatus = { ...CLIENT_ERROR_MESSAGES.UPLOAD_FAILED, values: { status: info.status } };
    return i18n._(withStatus);
  }
  if (Object.hasOwn(CLIENT_ERROR_MESSAGES, code))
    return i18n._(CLIENT_ERROR_MESSAGES[code as keyof typeof CLIENT_ERROR_MESSAGES]);
  const contractCode = code as ErrorCode;
  return detailed[contractCode]?.(info.details ?? {}, i18n) ?? i18n._(ERROR_MESSAGES[contractCode]);
}

/** The user's sentence for a contract code alone (a failed job's `error_code`). */
export function describeCode(code: ErrorCode, i18n: I18n): string {
  return describeError({ code, status: 0, details: {} }, i18n);
}
