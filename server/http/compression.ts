import type { FastifyCompressOptions } from '@fastify/compress';

/** Answers smaller than this go as they are: a compressed frame would save too little to pay for itself. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compression of the API's answers (registered in the scope of the /api routes only: the web
 * app's files are compressed once at build, scripts/compress.mjs, and served as they are). That
 * is the JSON answers, and the API reference page's own script and style files (Swagger UI ships
 * them uncompressed). Brotli first, then gzip, whichever the request's Accept-Encoding allows;
 * none without it. Brotli runs at the plugin's quality 4: quality 11 would cost more time than it
 * saves on the wire.
 */
export const apiCompression: FastifyCompressOptions = {
  threshold: COMPRESSION_THRESHOLD_BYTES,
  encodings: ['br', 'gzip'],
  // Request bodies are small JSON: a compressed upload is not a thing the portal's clients send.
  globalDecompression: false,
};
