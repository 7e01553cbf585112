// OpenAPI 3 generated from the route schemas (every route declares params, query, body and every
// answer status), served as JSON at /api/docs/json.
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { API_VERSION } from '../apiVersion';
import { globalPlugin } from './global';

export const openApiPlugin = globalPlugin(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Registry & Trial CDMS API',
        description: 'Clinical data management for patient registries and clinical trials.',
        version: API_VERSION,
      },
      servers: [],
    },
    // Shared schemas keep their $id as the component name (ApiError, not def-0).
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
  });
});
