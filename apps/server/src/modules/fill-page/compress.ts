import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';

/**
 * A text body compressed as the browser accepts (brotli, else gzip, else as it is), with the
 * headers that say so: the page and the font stylesheets it asks for are text sent before the
 * page can paint its final look.
 */
export function compressed(reply: FastifyReply, accepted: string, text: string): string | Buffer {
  reply.header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    return brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    return gzipSync(text);
  }
  return text;
}
