/** API keys and webhooks (issue 23): the endpoint table of this domain (contract/endpoint.ts has the shape). */
import { ApiKey, ApiKeyListResponse, CreateApiKeyRequest, CreatedApiKeyResponse } from './api-keys.ts';
import {
  CreatedWebhookResponse,
  CreateWebhookRequest,
  WebhookDeliveriesResponse,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookListResponse,
} from './webhooks.ts';
import { json, type Endpoint } from './endpoint.ts';

export const API_ACCESS_ENDPOINTS = {
  // API keys (issue 23)
  listApiKeys: {
    method: 'GET',
    path: '/v1/api-keys',
    tag: 'api',
    summary: "The account's API keys (prefix and last use; never the secret)",
    auth: 'bearer',
    response: json(ApiKeyListResponse),
    errors: ['UNAUTHORIZED'],
  },
  createApiKey: {
    method: 'POST',
    path: '/v1/api-keys',
    tag: 'api',
    summary: 'Create an API key: the answer holds its secret, shown this once',
    description:
      'Only on plans with API access (Pro and Business); Free and Explorer answer 403 API_ACCESS_NOT_IN_PLAN.',
    auth: 'bearer',
    body: CreateApiKeyRequest,
    response: json(CreatedApiKeyResponse, 201),
    errors: ['API_KEY_SESSION_REQUIRED', 'UNAUTHORIZED', 'RATE_LIMITED', 'API_ACCESS_NOT_IN_PLAN', 'API_KEY_LIMIT'],
  },
  revokeApiKey: {
    method: 'DELETE',
    path: '/v1/api-keys/{id}',
    tag: 'api',
    summary: 'Revoke an API key: it stops working at once',
    auth: 'bearer',
    response: json(ApiKey),
    errors: ['API_KEY_SESSION_REQUIRED', 'TEAM_NOT_YOURS', 'UNAUTHORIZED', 'API_KEY_NOT_FOUND'],
  },
  // Webhooks (issue 23)
  listWebhooks: {
    method: 'GET',
    path: '/v1/webhooks',
    tag: 'api',
    summary: "The account's webhook endpoints",
    auth: 'bearer',
    response: json(WebhookListResponse),
    errors: ['UNAUTHORIZED'],
  },
  createWebhook: {
    method: 'POST',
    path: '/v1/webhooks',
    tag: 'api',
    summary: 'Add a webhook endpoint: the answer holds its signing secret, shown this once',
    description:
      'Events `job.completed` and `job.failed` (default: both) are POSTed as JSON signed as Standard Webhooks 1.0: ' +
      'headers `webhook-id` (the event id, the same on retries), `webhook-timestamp` (unix seconds) and ' +
      '`webhook-signature` (`v1,` + base64 HMAC-SHA256 of `ID.TIMESTAMP.BODY`, keyed with the base64 after `whsec_`); ' +
      'verify with the official libraries (`new Webhook(secret).verify(body, headers)`) and refuse a timestamp more ' +
      'than 5 minutes off. Each try has 10 s in all (WEBHOOK_TIMEOUT_SECONDS) and at most 4 KB of the answer is read; ' +
      'a non-2xx answer or a timeout is retried with exponential back-off for 24 hours, then the endpoint is ' +
      'disabled and you are e-mailed. The URL must be https and reach a public address. Receivers guide: docs/webhooks.md.',
    auth: 'bearer',
    body: CreateWebhookRequest,
    response: json(CreatedWebhookResponse, 201),
    errors: ['UNAUTHORIZED', 'RATE_LIMITED', 'API_ACCESS_NOT_IN_PLAN', 'WEBHOOK_URL_NOT_ALLOWED', 'WEBHOOK_LIMIT'],
  },
  deleteWebhook: {
    method: 'DELETE',
    path: '/v1/webhooks/{id}',
    tag: 'api',
    summary: 'Delete a webhook endpoint (nothing more is sent to it)',
    auth: 'bearer',
    response: json(WebhookEndpoint),
    errors: ['TEAM_NOT_YOURS', 'UNAUTHORIZED', 'WEBHOOK_NOT_FOUND'],
  },
  testWebhook: {
    method: 'POST',
    path: '/v1/webhooks/{id}/test',
    tag: 'api',
    summary: 'Send a `webhook.test` event to the endpoint now',
    auth: 'bearer',
    response: json(WebhookDelivery, 202),
    errors: ['UNAUTHORIZED', 'RATE_LIMITED', 'WEBHOOK_NOT_FOUND'],
  },
  webhookDeliveries: {
    method: 'GET',
    path: '/v1/webhooks/{id}/deliveries',
    tag: 'api',
    summary: "The endpoint's last 50 deliveries with each try's status code",
    auth: 'bearer',
    response: json(WebhookDeliveriesResponse),
    errors: ['UNAUTHORIZED', 'WEBHOOK_NOT_FOUND'],
  },
} as const satisfies Record<string, Endpoint>;
