import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);

/**
 * DejaVu Sans, from the npm package (no system font, nothing fetched): it has the rupee sign (U+20B9),
 * which PDF's standard fonts lack. Embedded (subset) in every document.
 */
export const PDF_FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;

export type PdfDoc = PDFKit.PDFDocument;

export interface PdfOptions {
  title: string;
  /** A4 portrait by default; media plans use landscape. */
  layout?: 'portrait' | 'landscape';
  margin?: number;
}

/**
 * The one way to make a PDF (invoices, credit notes, proformas, statements, media plans): A4, the
 * embedded font registered as 'regular' and 'bold', document info set, and the bytes collected.
 * `draw` writes the pages; the answer is the finished file.
 */
export async function renderPdf(
  options: PdfOptions,
  draw: (doc: PdfDoc) => void | Promise<void>,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: options.layout ?? 'portrait',
    margin: options.margin ?? 48,
    info: { Title: options.title, Creator: 'OOH marketplace', Producer: 'OOH marketplace' },
    // Fixed dates keep the same input producing the same bytes (tests, caches).
    compress: true,
  });
  doc.registerFont('regular', PDF_FONTS.regular);
  doc.registerFont('bold', PDF_FONTS.bold);
  doc.font('regular');
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  await draw(doc);
  doc.end();
  return done;
}
