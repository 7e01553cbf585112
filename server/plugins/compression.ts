// Compresses answers the client accepts compressed (brotli, else gzip): API JSON and any built
// client file that has no precompressed twin. The client build ships .br/.gz twins of its assets
// (webpack.config.js), which the static plugin serves as they are; an answer that already carries
// a Content-Encoding is left alone. Brotli runs at a middle quality: the best one costs ~100 ms
// per large answer, which the server would pay on every call.
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { globalPlugin } from './global';

export const compressionPlugin = globalPlugin(async (app: FastifyInstance) => {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    // Small answers gain nothing worth the CPU.
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
});
