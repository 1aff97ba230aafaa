import type { PdfDoc } from './pdf-document.ts';

/**
 * The blocks the reports share (the campaign report, the proposal): a label and its value side by side,
 * the value wrapping in its own column, and a section heading. Portrait A4 with the default margin.
 */
export function labelledRow(doc: PdfDoc, label: string, value: string): void {
  const y = doc.y;
  doc.font('regular').fillColor('#555555').text(label, 48, y, { width: 170 });
  const labelEnd = doc.y;
  doc.fillColor('#000000').text(value, 222, y, { width: 325 });
  doc.y = Math.max(doc.y, labelEnd);
}

export function sectionHeading(doc: PdfDoc, text: string): void {
  doc.moveDown(0.8).font('bold').fontSize(12).fillColor('#000000').text(text, 48);
  doc.font('regular').fontSize(9.5).moveDown(0.2);
}
