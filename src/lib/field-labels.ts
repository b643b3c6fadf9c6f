/**
 * Translated names of the API's request fields, for VALIDATION_FAILED answers shown per field. The keys are every
 * field of every request body and query in the contract's ENDPOINTS: a new field without a name fails the type
 * check.
 */
import type * as v from 'valibot';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { EDITOR_ENDPOINTS, ENDPOINTS } from '../../contract/endpoints.ts';

/** Keys of T without its index signature (a loose object's `[key: string]: unknown`). */
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };
type InputKeys<E, F extends 'body' | 'query'> = E extends { [P in F]: infer S extends v.GenericSchema }
  ? KnownKeys<v.InferInput<S>>
  : never;
type Endpoints = typeof ENDPOINTS & typeof EDITOR_ENDPOINTS;
/** Every request field name of the API. */
export type FieldName = {
  [K in keyof Endpoints]: InputKeys<Endpoints[K], 'body'> | InputKeys<Endpoints[K], 'query'>;
}[keyof Endpoints];

export const FIELD_LABELS: Record<FieldName, MessageDescriptor> = {
  email: msg`Email`,
  password: msg`Password`,
  full_name: msg`Full Name`,
  otp: msg`Verification code`,
  username: msg`Email`,
  token: msg`Reset link`,
  new_password: msg`New Password`,
  language: msg`Language`,
  email_job_finished: msg`E-mail me when a job is finished`,
  filename: msg`File name`,
  content_type: msg`File type`,
  size_bytes: msg`File size`,
  media_url: msg`File or link`,
  source_language: msg`Source language`,
  target_languages: msg`Target languages`,
  services_to_run: msg`Outputs`,
  voice_over_mode: msg`Voice-over quality`,
  voices: msg`Voices`,
  source_subtitles_url: msg`Subtitles or transcript`,
  subtitle_style: msg`Subtitle style`,
  num_speakers: msg`Speakers`,
  keep_voices_natural: msg`Keep voices natural`,
  voice_clone: msg`Use the speakers' own voices`,
  voice_clone_consent: msg`Consent to clone the voices`,
  remove_original_speech: msg`Remove the original speech`,
  limit: msg`Number of jobs`,
  price_id: msg`Plan`,
  plan_name: msg`Plan`,
  session_id: msg`Checkout session`,
  sig: msg`Signature`,
  revision: msg`Version`,
  source: msg`Source subtitles`,
  targets: msg`Translated subtitles`,
  languages: msg`Languages`,
  cue_ids: msg`Subtitles`,
  cue_id: msg`Subtitle`,
  // Signed download and upload links (never typed by users; named for completeness)
  type: msg`File type`,
  name: msg`File name`,
  expires: msg`Link expiry`,
  signature: msg`Link signature`,
  inline: msg`Open in the browser`,
  // Webhooks (issue 23)
  url: msg`Webhook URL`,
  events: msg`Events`,
  // Credit packs (issue 23)
  credits: msg`Credits`,
  // Speakers in the editor's tracks (issue 19)
  speakers: msg`Speakers`,
  // Teams (issue 23)
  role: msg`Role`,
  code: msg`Invitation code`,
  // Glossary (issue 20 item 4)
  term: msg`Term`,
  csv: msg`Glossary file`,
  replace: msg`Replace the glossary`,
};
