import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FetchLike } from '../../src/client';

/** The local platform's OpenAPI document, as far as these checks read it. */
export interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
  components: { schemas: Record<string, unknown> };
}

/** The key the document is registered under in Ajv; schema references inside it resolve against it. */
export const SPEC_KEY = 'local-platform-openapi';

/** JSON Pointer of a path under the document, as `$ref`s write them. */
export const pointer = (...segments: string[]) => `#/${segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/**
 * Ajv (JSON Schema 2020-12, OpenAPI 3.1's dialect) in strict mode with the document registered, so any schema in
 * it compiles by pointer (`${SPEC_KEY}#/components/schemas/Report`) with its references resolved.
 */
function openApiAjv(document: OpenApi): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  // The document's own top-level keys are not JSON Schema keywords; declared, the document can be registered whole.
  ajv.addVocabulary(Object.keys(document).filter((key) => key !== 'components'));
  ajv.addKeyword('components');
  ajv.addSchema(document, SPEC_KEY);
  return ajv;
}

/** The documented path template a request path matches (`/api/v1/deployments/{deploymentId}`), preferring literal segments. */
function pathTemplate(document: OpenApi, path: string): string | undefined {
  const matching = Object.keys(document.paths).filter((template) =>
    new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}/?$`).test(path));
  return matching.sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))[0];
}

/**
 * Checks answers of the Platform API against the document: the operation must be documented, the status must
 * be one of its documented responses, and the body must validate against that response's schema.
 */
export class OpenApiChecker {
  readonly ajv: Ajv2020;

  constructor(readonly document: OpenApi) {
    this.ajv = openApiAjv(document);
  }

  /** What is wrong with one answer (nothing: an empty list). Only `/api/v1/` is the Platform API. */
  problems(method: string, path: string, status: number, body: unknown): string[] {
    if (!path.startsWith('/api/v1/')) return [];
    const where = `${method} ${path} → ${status}`;
    const template = pathTemplate(this.document, path);
    const operation = template ? this.document.paths[template]![method.toLowerCase()] : undefined;
    if (!template || !operation) return [`${where}: the operation is not documented`];
    const response = operation.responses[String(status)];
    if (!response) return [`${where}: status ${status} is not documented for ${method} ${template}`];
    if (!response.content?.['application/json']) return body === undefined ? [] : [`${where}: a body where none is documented`];
    let validate: ValidateFunction;
    try {
      validate = this.ajv.getSchema(`${SPEC_KEY}${pointer('paths', template, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema')}`)!;
    } catch (error) {
      return [`${where}: the documented schema does not compile: ${(error as Error).message}`];
    }
    return validate(body) ? [] : [`${where}: ${this.ajv.errorsText(validate.errors, { dataVar: 'body' })}`];
  }

  /** A fetch for the clients that adds the problems of every answer to `problems`. */
  fetch(problems: string[]): FetchLike {
    return async (input, init) => {
      const response = await fetch(input, init);
      const text = await response.clone().text();
      let body: unknown;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        problems.push(`${init.method ?? 'GET'} ${input}: the answer is not JSON`);
        return response;
      }
      problems.push(...this.problems(init.method ?? 'GET', new URL(input).pathname, response.status, body));
      return response;
    };
  }
}

/** The document the platform at `baseUrl` serves, read with `token`. */
export async function fetchOpenApi(baseUrl: string, token: string): Promise<OpenApi> {
  const response = await fetch(`${baseUrl}/api/v1/spec`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET /api/v1/spec answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as OpenApi;
}
