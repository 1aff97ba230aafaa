import type { Plan } from '@ooh/shared';
import { formatAudienceSource, formatCount } from '@ooh/shared';
import { type PdfDoc, renderPdf } from '../../lib/pdf/pdf-document.ts';
import {
  cpmText,
  datesText,
  figureRows,
  figuresNote,
  GST_NOTE,
  gstLabel,
  inr,
  siteDatesText,
  sizeText,
} from './plan-format.ts';
import type { PlanPictures } from './plan-pictures.ts';

const COLUMNS = [
  { label: 'Photo', width: 72 },
  { label: 'Site', width: 150 },
  { label: 'City', width: 76 },
  { label: 'Format, size', width: 100 },
  { label: 'Dates', width: 90 },
  { label: 'Impressions, CPM', width: 90 },
  { label: 'Days', width: 32 },
  { label: 'Daily', width: 66 },
  { label: 'Line price', width: 90 },
] as const;
const ROW_HEIGHT = 48;

function header(doc: PdfDoc, y: number): number {
  let x = doc.page.margins.left;
  doc.font('bold').fontSize(8).fillColor('#475467');
  for (const c of COLUMNS) {
    doc.text(c.label, x, y, { width: c.width - 4 });
    x += c.width;
  }
  doc
    .moveTo(doc.page.margins.left, y + 13)
    .lineTo(doc.page.width - doc.page.margins.right, y + 13)
    .strokeColor('#d0d5dd')
    .stroke();
  return y + 18;
}

/** The plan as a landscape A4 PDF: title block, a table of sites with thumbnails, totals with the GST estimate. */
export function planPdf(plan: Plan, pictures: PlanPictures): Promise<Buffer> {
  return renderPdf({ title: `Media plan: ${plan.title}`, layout: 'landscape', margin: 36 }, (doc) => {
    const left = doc.page.margins.left;
    const bottom = doc.page.height - doc.page.margins.bottom;
    doc.font('regular').fontSize(10).fillColor('#475467').text('Media plan', left, 36);
    doc.font('bold').fontSize(20).fillColor('#1F3A93').text(plan.title, { width: 700 });
    doc.font('regular').fontSize(10).fillColor('#101828');
    doc.text(
      `Dates: ${datesText(plan.from_date, plan.to_date)}    Sites: ${plan.site_count}    Total: ${inr(plan.total)}`,
    );
    let y = header(doc, doc.y + 10);
    plan.sites.forEach((s, i) => {
      if (y + ROW_HEIGHT > bottom) {
        doc.addPage();
        y = header(doc, doc.page.margins.top);
      }
      let x = left;
      const photo = pictures.photos[i];
      if (photo) doc.image(photo, x, y, { fit: [60, 45] });
      x += COLUMNS[0].width;
      const cell = (text: string, width: number, font: 'regular' | 'bold' = 'regular') => {
        doc
          .font(font)
          .fontSize(8)
          .fillColor('#101828')
          .text(text, x, y, { width: width - 6, height: ROW_HEIGHT - 4, ellipsis: true });
        x += width;
      };
      cell(`${s.name}\n${s.code} · ${s.address}`, COLUMNS[1].width);
      cell(`${s.city}, ${s.state}`, COLUMNS[2].width);
      cell(`${s.category}\n${sizeText(s)}${s.lighting ? ` · ${s.lighting}` : ''}`, COLUMNS[3].width);
      cell(siteDatesText(s), COLUMNS[4].width);
      cell(
        s.audience && s.line_impressions !== null
          ? `${formatCount(s.line_impressions)}\n${formatAudienceSource(s.audience)}\n${cpmText(s.cpm)}`
          : 'No audience figure',
        COLUMNS[5].width,
      );
      cell(String(s.days), COLUMNS[6].width);
      cell(inr(s.daily_price), COLUMNS[7].width);
      cell(inr(s.line_price), COLUMNS[8].width, 'bold');
      y += ROW_HEIGHT;
    });
    const figures = figureRows(plan);
    if (y + 90 + (figures.length ? 110 : 0) > bottom) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    const right = doc.page.width - doc.page.margins.right;
    const line = (label: string, value: string, font: 'regular' | 'bold') => {
      doc.font(font).fontSize(11).fillColor('#101828');
      doc.text(label, right - 360, y, { width: 200 });
      doc.text(value, right - 160, y, { width: 160, align: 'right' });
      y += 18;
    };
    y += 8;
    line('Subtotal', inr(plan.subtotal), 'regular');
    line(gstLabel(plan), inr(plan.gst_estimate), 'regular');
    line('Total', inr(plan.total), 'bold');
    doc
      .font('regular')
      .fontSize(8)
      .fillColor('#475467')
      .text(GST_NOTE, left, y + 6);
    if (figures.length === 0) return;
    // The plan's audience figures (decision 080), under the money: reach and frequency as estimates.
    y = doc.y + 12;
    doc.font('bold').fontSize(11).fillColor('#101828').text('Plan figures', left, y);
    y += 16;
    for (const [label, value] of figures) {
      doc.font('regular').fontSize(10).fillColor('#101828');
      doc.text(label, left, y, { width: 160 });
      doc.text(value, left + 160, y, { width: 400 });
      y += 15;
    }
    doc
      .font('regular')
      .fontSize(8)
      .fillColor('#475467')
      .text(figuresNote(plan), left, y + 4, { width: right - left });
  });
}
