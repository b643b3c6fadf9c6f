/** Reading the API's published OpenAPI document (GET /v1/openapi.json) in tests. */

/** The parts of the OpenAPI document the tests read: component schemas and their properties. */
export interface OpenApiDocument {
  components: {
    schemas: Record<string, { properties: Record<string, { type?: string; $ref?: string }> }>;
  };
}

/** GET `baseUrl`/v1/openapi.json, parsed. */
export async function openApiDocument(baseUrl: string): Promise<OpenApiDocument> {
  return (await (await fetch(`${baseUrl}/v1/openapi.json`)).json()) as OpenApiDocument;
}
