/** API key calls of the settings page (issue 23), through the contract's ENDPOINTS. */
import { ENDPOINTS } from '../../../../contract/endpoints.ts';
import { callApi } from '../../../lib/api-client.ts';

/** GET /v1/api-keys: the keys (never their secrets) and whether the plan includes API access. */
export const listApiKeys = () => callApi(ENDPOINTS.listApiKeys);

/** POST /v1/api-keys: answers the key with its secret, shown this once. */
export const createApiKey = (name: string) => callApi(ENDPOINTS.createApiKey, { body: { name } });

/** DELETE /v1/api-keys/{id}: the key stops working at once. */
export const revokeApiKey = (id: string) => callApi(ENDPOINTS.revokeApiKey, { params: { id } });
