/** Request schemas of the job calls (spec sections 3 and 7: "Translate job request (video)" and "(document)"). */
import * as v from 'valibot';

const Language = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$|^auto$/, 'is not a language code'));
const TargetLanguages = v.pipe(
  v.array(Language, 'target_languages must be a list of language codes'),
  v.minLength(1, 'Please select at least one target language'),
  v.maxLength(20, 'at most 20 target languages'),
);
const MediaUrl = v.pipe(v.string('media_url is required'), v.trim(), v.minLength(1, 'media_url is required'), v.maxLength(2048));

export const TranslateJobRequest = v.object({
  media_url: MediaUrl,
  source_language: v.optional(Language, 'auto'),
  target_languages: TargetLanguages,
  services_to_run: v.pipe(
    v.array(v.picklist(['subtitle', 'voice_over'], 'services_to_run holds subtitle and/or voice_over')),
    v.minLength(1, 'Choose subtitles, voice-over or both'),
  ),
  // Spec section 4: 'dubbing' (Premium) is the default.
  voice_over_mode: v.optional(v.picklist(['manual', 'dubbing'], "voice_over_mode is 'manual' or 'dubbing'"), 'dubbing'),
});
export type TranslateJobRequest = v.InferOutput<typeof TranslateJobRequest>;

export const DocumentJobRequest = v.object({
  media_url: MediaUrl,
  source_language: v.pipe(Language, v.check((s) => s !== 'auto', 'Choose the language the document is written in')),
  target_languages: TargetLanguages,
  services_to_run: v.optional(v.array(v.literal('document', "services_to_run is ['document']")), ['document']),
});
export type DocumentJobRequest = v.InferOutput<typeof DocumentJobRequest>;

export const EstimateRequest = v.object({
  media_url: MediaUrl,
  target_languages: TargetLanguages,
  services_to_run: v.pipe(v.array(v.picklist(['subtitle', 'voice_over', 'document'])), v.minLength(1, 'Choose at least one service')),
});
export type EstimateRequest = v.InferOutput<typeof EstimateRequest>;

export const ListJobsQuery = v.object({
  limit: v.optional(v.pipe(v.string(), v.transform(Number), v.integer('limit is a whole number'), v.minValue(1), v.maxValue(1000)), '200'),
});
