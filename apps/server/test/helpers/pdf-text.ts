import { extractText, getDocumentProxy } from 'unpdf';

/** The text of a PDF as a reader finds it, pages joined, and its page count. */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const { totalPages, text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
    mergePages: true,
  });
  return { pages: totalPages, text };
}
