import { PassThrough, type Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';

/** How much of a file the type is read from (file-type's own sample size). */
const SAMPLE_BYTES = 4100;

/** Text formats known by their extension once the content is seen to be text. */
const TEXT_TYPES: Record<string, string> = {
  txt: 'text/plain',
  text: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
};

/** Passes a stream through unchanged while keeping its first bytes, for sniffing after the fact. */
export function captureHead(input: Readable): { stream: Readable; head: () => Buffer } {
  const chunks: Buffer[] = [];
  let kept = 0;
  const stream = new PassThrough();
  input.on('data', (chunk: Buffer) => {
    if (kept >= SAMPLE_BYTES) return;
    chunks.push(chunk.subarray(0, SAMPLE_BYTES - kept));
    kept += Math.min(chunk.length, SAMPLE_BYTES - kept);
  });
  input.on('error', (err) => stream.destroy(err));
  input.pipe(stream);
  return { stream, head: () => Buffer.concat(chunks) };
}

/** UTF-8 text without control characters other than tab, CR, LF and form feed. */
function looksLikeText(head: Buffer): boolean {
  // A sample may end inside a multi-byte character: drop up to 3 trailing bytes before decoding.
  for (let cut = 0; cut < 4 && cut <= head.length; cut++) {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
    try {
      const decoded = text.decode(head.subarray(0, head.length - cut));
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters mark binary data
      return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(decoded);
    } catch {
      // try a shorter sample
    }
  }
  return false;
}

/**
 * A file's type read from its content (magic numbers, through `file-type`), never from what the
 * client claimed. `name` is what accept rules of the '.ext' kind are matched against: the
 * detected format's extension, the file's own name for text in a known text format, else none.
 */
export async function sniffFileType(head: Buffer, fileName: string): Promise<{ type: string; name: string }> {
  const found = await fileTypeFromBuffer(head);
  if (found) return { type: found.mime, name: `file.${found.ext}` };
  if (!looksLikeText(head)) return { type: 'application/octet-stream', name: '' };
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const type = TEXT_TYPES[ext];
  return type ? { type, name: fileName } : { type: 'text/plain', name: 'file.txt' };
}
