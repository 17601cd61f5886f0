import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';

/** How a text body is sent: brotli, else gzip, else as it is, as the browser accepts. */
export type TextEncoding = 'br' | 'gzip' | 'identity';

export function acceptedEncoding(accepted: string): TextEncoding {
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

/** The text in that encoding (brotli at quality 5: near its best size, at a fraction of 11's time). */
export function encodeText(text: string, encoding: TextEncoding): string | Buffer {
  if (encoding === 'br') return brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return gzipSync(text);
  return text;
}

/** The headers of a body sent in that encoding. */
export function markEncoding(reply: FastifyReply, encoding: TextEncoding): void {
  reply.header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
}

/**
 * A text body compressed as the browser accepts, with the headers that say so: the page and the
 * font stylesheets it asks for are text sent before the page can paint its final look.
 */
export function compressed(reply: FastifyReply, accepted: string, text: string): string | Buffer {
  const encoding = acceptedEncoding(accepted);
  markEncoding(reply, encoding);
  return encodeText(text, encoding);
}
