/** Glossary calls of the settings page (issue 20 item 4), through the contract's ENDPOINTS. */
import { ENDPOINTS } from '../../../../contract/endpoints.ts';
import type { GlossaryTermRequest } from '../../../../contract/glossary.ts';
import { callApi, callApiText } from '../../../lib/api-client.ts';

/** GET /v1/glossary */
export const listGlossary = () => callApi(ENDPOINTS.listGlossary);

/** POST /v1/glossary */
export const createGlossaryTerm = (body: GlossaryTermRequest) => callApi(ENDPOINTS.createGlossaryTerm, { body });

/** PUT /v1/glossary/{id} */
export const updateGlossaryTerm = (id: string, body: GlossaryTermRequest) =>
  callApi(ENDPOINTS.updateGlossaryTerm, { params: { id }, body });

/** DELETE /v1/glossary/{id} */
export const deleteGlossaryTerm = (id: string) => callApi(ENDPOINTS.deleteGlossaryTerm, { params: { id } });

/** GET /v1/glossary/export: the CSV text. */
export const exportGlossary = () => callApiText(ENDPOINTS.exportGlossary);

/** POST /v1/glossary/import: the CSV text of a file (all rows or none). */
export const importGlossary = (csv: string, replace = false) =>
  callApi(ENDPOINTS.importGlossary, { body: { csv, replace } });
