import { formatDateIst, type Plan } from '@ooh/shared';
import { datesText, figureRows, figuresNote, GST_NOTE, gstLabel, inr, specRows } from './plan-format.ts';
import type { PlanPictures } from './plan-pictures.ts';

const BRAND = '1F3A93';
const MUTED = '475467';

/** The plan as a PowerPoint deck: a cover, one slide per site (photo, position, specifications), totals. */
export async function planPptx(plan: Plan, pictures: PlanPictures): Promise<Buffer> {
  const { default: PptxGenJS } = await import('pptxgenjs');
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE'; // 13.33 x 7.5 in
  pptx.title = plan.title;
  pptx.company = 'OOH marketplace';

  const cover = pptx.addSlide();
  cover.background = { color: 'F2F6FA' };
  cover.addText('Media plan', { x: 0.8, y: 1.2, w: 11.7, h: 0.6, fontSize: 20, color: MUTED });
  cover.addText(plan.title, { x: 0.8, y: 1.9, w: 11.7, h: 1.2, fontSize: 40, bold: true, color: BRAND });
  cover.addText(
    [
      { text: `Dates: ${datesText(plan.from_date, plan.to_date)}`, options: { breakLine: true } },
      { text: `Sites: ${plan.site_count}`, options: { breakLine: true } },
      { text: `Subtotal: ${inr(plan.subtotal)}`, options: { breakLine: true } },
      { text: `${gstLabel(plan)}: ${inr(plan.gst_estimate)}`, options: { breakLine: true } },
      { text: `Total: ${inr(plan.total)}`, options: { bold: true } },
    ],
    { x: 0.8, y: 3.4, w: 11.7, h: 2.4, fontSize: 20, color: '101828', valign: 'top' },
  );
  // The IST day: prepared at 00:39 IST on 2 Dec reads 2 Dec, as the invoice of that moment does.
  cover.addText(`Prepared ${formatDateIst(plan.generated_at)}. ${GST_NOTE}`, {
    x: 0.8,
    y: 6.6,
    w: 11.7,
    h: 0.4,
    fontSize: 11,
    color: MUTED,
  });

  plan.sites.forEach((site, i) => {
    const slide = pptx.addSlide();
    slide.addText(`${i + 1}. ${site.name}`, {
      x: 0.4,
      y: 0.25,
      w: 12.5,
      h: 0.6,
      fontSize: 24,
      bold: true,
      color: BRAND,
    });
    slide.addText(`${site.code} · ${site.city}, ${site.state}`, {
      x: 0.4,
      y: 0.85,
      w: 12.5,
      h: 0.35,
      fontSize: 13,
      color: MUTED,
    });
    const photo = pictures.photos[i];
    if (photo) {
      slide.addImage({
        data: `data:image/jpeg;base64,${photo.toString('base64')}`,
        x: 0.4,
        y: 1.35,
        w: 5.33,
        h: 4.0,
      });
    } else {
      slide.addText('No photo', {
        x: 0.4,
        y: 1.35,
        w: 5.33,
        h: 4.0,
        align: 'center',
        fill: { color: 'EAECF0' },
        color: MUTED,
      });
    }
    slide.addImage({
      data: `data:image/png;base64,${pictures.maps[i].toString('base64')}`,
      x: 0.4,
      y: 5.45,
      w: 2.6,
      h: 1.95,
    });
    slide.addText(
      [
        { text: site.address, options: { breakLine: true } },
        { text: `Dates: ${specRows(site)[8][1]}`, options: { breakLine: true } },
        { text: `Price: ${inr(site.line_price)}`, options: { bold: true } },
      ],
      { x: 3.15, y: 5.45, w: 2.85, h: 1.95, fontSize: 12, color: '101828', valign: 'top' },
    );
    const rows = specRows(site).map(([label, value]) => [
      { text: label, options: { bold: true, color: MUTED } },
      { text: value },
    ]);
    slide.addTable(rows, {
      x: 6.1,
      y: 1.35,
      w: 6.8,
      colW: [1.8, 5.0],
      fontSize: 12,
      color: '101828',
      border: { type: 'solid', pt: 0.5, color: 'D0D5DD' },
      rowH: 0.38,
      valign: 'middle',
    });
  });

  const totals = pptx.addSlide();
  totals.addText('Totals', { x: 0.8, y: 0.6, w: 11.7, h: 0.8, fontSize: 32, bold: true, color: BRAND });
  totals.addTable(
    [
      [{ text: 'Sites' }, { text: String(plan.site_count) }],
      [{ text: 'Subtotal' }, { text: inr(plan.subtotal) }],
      [{ text: gstLabel(plan) }, { text: inr(plan.gst_estimate) }],
      [
        { text: 'Total', options: { bold: true } },
        { text: inr(plan.total), options: { bold: true } },
      ],
    ],
    { x: 0.8, y: 1.6, w: 8, colW: [4, 4], fontSize: 18, border: { type: 'solid', pt: 0.5, color: 'D0D5DD' } },
  );
  // The plan's audience figures (decision 080): reach and frequency say they are estimates.
  const figures = figureRows(plan);
  if (figures.length) {
    totals.addTable(
      figures.map(([label, value]) => [{ text: label }, { text: value }]),
      {
        x: 0.8,
        y: 3.9,
        w: 11.7,
        colW: [4, 7.7],
        fontSize: 14,
        border: { type: 'solid', pt: 0.5, color: 'D0D5DD' },
      },
    );
    totals.addText(figuresNote(plan), { x: 0.8, y: 6.2, w: 11.7, h: 0.6, fontSize: 11, color: MUTED });
  }
  totals.addText(GST_NOTE, { x: 0.8, y: 5.7, w: 11.7, h: 0.4, fontSize: 12, color: MUTED });

  return (await pptx.write({ outputType: 'nodebuffer', compression: false })) as Buffer;
}
