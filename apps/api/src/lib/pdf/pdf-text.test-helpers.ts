import { extractText, getDocumentProxy } from 'unpdf';

/** The text of every page of a PDF, as a reader's copy-paste would give it: what PDF tests assert on. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<{ pages: number; text: string }> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { totalPages, text } = await extractText(doc, { mergePages: true });
  return { pages: totalPages, text };
}
