/**
 * API keys (issue 23): a program's way in. A key is a secret `tjk_...` sent as `Authorization: Bearer <key>` on
 * any call a signed-in user may make; it acts as its owner. The secret is shown once, at creation; lists show its
 * first characters (`prefix`) and when it was last used. Times are ISO 8601 strings.
 */
import * as v from 'valibot';

/** Every API key secret starts with this. */
export const API_KEY_PREFIX = 'tjk_';

/** Characters of the secret a list shows (API_KEY_PREFIX included). */
export const API_KEY_SHOWN_CHARS = 12;

/** At most this many keys that are not revoked per account. */
export const MAX_ACTIVE_API_KEYS = 20;

/** POST /v1/api-keys */
export const CreateApiKeyRequest = v.object({
  name: v.pipe(
    v.string('name is required'),
    v.trim(),
    v.minLength(1, 'Give the key a name.'),
    v.maxLength(100, 'The name is limited to 100 characters.'),
  ),
});
export type CreateApiKeyRequest = v.InferOutput<typeof CreateApiKeyRequest>;

/** One key as lists show it: never the secret. */
export const ApiKey = v.object({
  id: v.string(),
  name: v.string(),
  /** The secret's first API_KEY_SHOWN_CHARS characters, e.g. 'tjk_3fQ9xAbc'. */
  prefix: v.string(),
  created_at: v.string(),
  /** Last authenticated request (to the minute), null when never used. */
  last_used_at: v.nullable(v.string()),
  /** null while the key works. */
  revoked_at: v.nullable(v.string()),
});
export type ApiKey = v.InferOutput<typeof ApiKey>;

/** POST /v1/api-keys answer: the key and, this once, its whole secret. */
export const CreatedApiKeyResponse = v.object({ ...ApiKey.entries, secret: v.string() });
export type CreatedApiKeyResponse = v.InferOutput<typeof CreatedApiKeyResponse>;

/** GET /v1/api-keys: the account's keys, newest first, and whether its plan includes API access. */
export const ApiKeyListResponse = v.object({ keys: v.array(ApiKey), api_access: v.boolean() });
export type ApiKeyListResponse = v.InferOutput<typeof ApiKeyListResponse>;
