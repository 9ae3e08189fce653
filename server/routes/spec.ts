import type { PlatformContext } from '../context';
import type { Router } from '../http';
import { buildOpenApiDocument } from '../openapi/document';
import type { OpenApiDocument } from '../openapi/operations';
import { authenticate } from './auth';

/**
 * `GET /api/v1/spec` (api.yaml `getSpec`): the OpenAPI 3.1 document of what this platform implements. Like
 * every other Platform API call it needs a token. Built on first request, when the public URL is known.
 */
export function specRoutes(router: Router, ctx: PlatformContext): void {
  let document: OpenApiDocument | undefined;
  router.add('GET', '/api/v1/spec', async (request) => {
    await authenticate(ctx, request);
    document ??= buildOpenApiDocument(ctx.publicUrl());
    return { status: 200, body: document };
  });
}
