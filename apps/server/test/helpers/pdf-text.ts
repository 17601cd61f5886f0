import { extractText, getDocumentProxy } from 'unpdf';

/** The text of a PDF as a reader finds it, pages joined, and its page count. */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const { totalPages, text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
    mergePages: true,
  });
  return { pages: totalPages, text };
}

type StructNode = { role?: string; alt?: string; children?: StructNode[] };

/**
 * A tagged PDF's structure on page `n` as a reader walks it: each element's role in order, deeper
 * ones indented, a Figure with its alternative text; and the document's flags a reader relies on.
 */
export async function pdfStructure(bytes: Uint8Array, n = 1) {
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const tree = (await (await doc.getPage(n)).getStructTree()) as StructNode | null;
  const roles: string[] = [];
  const walk = (node: StructNode, depth: number) => {
    const role = node.role === 'Root' ? undefined : node.role;
    if (role) roles.push(`${'  '.repeat(depth)}${role}${node.alt ? ` "${node.alt}"` : ''}`);
    for (const child of node.children ?? []) walk(child, role ? depth + 1 : depth);
  };
  if (tree) walk(tree, 0);
  const { info } = (await doc.getMetadata()) as unknown as { info: Record<string, unknown> };
  return {
    roles,
    marked: (await doc.getMarkInfo())?.Marked === true,
    language: info.Language,
    title: info.Title,
    displayTitle:
      ((await doc.getViewerPreferences()) as { DisplayDocTitle?: boolean } | null)?.DisplayDocTitle === true,
  };
}
