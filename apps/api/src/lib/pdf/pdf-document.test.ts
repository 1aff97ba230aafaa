import { formatPaise } from '@ooh/shared';
import { describe, expect, it } from 'vitest';
import { renderPdf } from './pdf-document.ts';
import { pdfText } from './pdf-text.test-helpers.ts';

describe('renderPdf', () => {
  it('embeds a font that prints the rupee sign and Indian digit grouping', async () => {
    const pdf = await renderPdf({ title: 'Test' }, (doc) => {
      doc.font('bold').fontSize(16).text('Tax invoice');
      doc
        .font('regular')
        .fontSize(10)
        .text(`Total ${formatPaise(12345678_90)}`);
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = await pdfText(pdf);
    expect(pages).toBe(1);
    expect(text).toContain('Tax invoice');
    expect(text).toContain('Total ₹1,23,45,678.90');
  });
});
