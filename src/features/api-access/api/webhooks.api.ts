/** Webhook calls of the settings page (issue 23), through the contract's ENDPOINTS. */
import { ENDPOINTS } from '../../../../contract/endpoints.ts';
import { callApi } from '../../../lib/api-client.ts';

/** GET /v1/webhooks */
export const listWebhooks = () => callApi(ENDPOINTS.listWebhooks);

/** POST /v1/webhooks: answers the endpoint with its signing secret, shown this once. */
export const createWebhook = (url: string) => callApi(ENDPOINTS.createWebhook, { body: { url } });

/** DELETE /v1/webhooks/{id} */
export const deleteWebhook = (id: string) => callApi(ENDPOINTS.deleteWebhook, { params: { id } });

/** POST /v1/webhooks/{id}/test: queues a webhook.test event. */
export const sendTestEvent = (id: string) => callApi(ENDPOINTS.testWebhook, { params: { id } });

/** GET /v1/webhooks/{id}/deliveries: the last 50, newest first. */
export const listDeliveries = (id: string) => callApi(ENDPOINTS.webhookDeliveries, { params: { id } });
