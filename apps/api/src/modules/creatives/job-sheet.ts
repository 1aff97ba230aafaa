import { formatBookingPeriod, formatDay, lastDayOf } from '@ooh/shared';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { renderPdf } from '../../lib/pdf/pdf-document.ts';
import { jobSheetLine } from '../orders/line-reads.service.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { approvedCreativeOf } from './creatives.repository.ts';

/** The most of the artwork a sheet shows: a thumbnail, never the print file itself. */
const THUMB_PX = 640;

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * GET /api/partner/lines/{lineId}/job-sheet.pdf (docs/product-rules.md section 7, decision 046): one page for the
 * mounting crew: the site, its code and address, its position (coordinates and a map link: no tile server
 * offline), the first and last day, and a thumbnail of the approved artwork. Another owner's line is 404.
 */
export async function jobSheetPdf(
  deps: { db: Db; storage: FileStorage },
  ownerId: number,
  lineId: number,
): Promise<{ pdf: Buffer; fileName: string }> {
  const line = await jobSheetLine(deps.db, ownerId, lineId);
  if (!line) throw notFound('Line');
  const creative = await approvedCreativeOf(deps.db, lineId);
  let thumbnail: Buffer | null = null;
  if (creative?.contentType.startsWith('image/')) {
    const file = await deps.storage.get(creative.storageKey);
    if (file) {
      // PDFKit embeds JPEG and PNG only: every image becomes a small PNG.
      thumbnail = await sharp(await readAll(file.body))
        .rotate()
        .resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer();
    }
  }
  const position =
    line.latitude !== null && line.longitude !== null
      ? `${line.latitude.toFixed(6)}, ${line.longitude.toFixed(6)}`
      : 'not given';
  const pdf = await renderPdf({ title: `Job sheet ${line.siteCode} line ${line.lineId}` }, (doc) => {
    doc.font('bold').fontSize(18).text('Job sheet: mounting');
    doc.font('regular').fontSize(10).fillColor('#444').text(`Order ${line.orderId}, line ${line.lineId}`);
    doc.moveDown().fillColor('#000');
    const row = (label: string, value: string) => {
      doc.font('bold').fontSize(11).text(`${label}: `, { continued: true });
      doc.font('regular').text(value);
    };
    row('Site', line.siteName);
    row('Code', line.siteCode);
    row('Address', [line.address, line.city, line.state, line.pinCode].filter(Boolean).join(', '));
    row('Position', position);
    if (line.latitude !== null && line.longitude !== null) {
      row(
        'Map',
        `https://www.openstreetmap.org/?mlat=${line.latitude}&mlon=${line.longitude}#map=18/${line.latitude}/${line.longitude}`,
      );
    }
    if (line.widthFt && line.heightFt) row('Size', `${line.widthFt} x ${line.heightFt} ft`);
    if (line.lighting) row('Lighting', line.lighting);
    row('Dates', formatBookingPeriod(line.fromDate, line.toDate));
    row('Up by', `${formatDay(line.fromDate)}; take down after ${formatDay(lastDayOf(line.toDate))}`);
    if (line.campaignName) row('Campaign', line.campaignName);
    doc.moveDown();
    if (creative) {
      row('Artwork', `${creative.fileName} (${creative.width ?? '?'} x ${creative.height ?? '?'} px)`);
      if (thumbnail) {
        doc.moveDown(0.5);
        doc.image(thumbnail, { fit: [360, 360] });
      } else {
        doc.font('regular').text('A PDF print file: download it from the console.');
      }
    } else {
      row('Artwork', 'not approved yet');
    }
  });
  return { pdf, fileName: `job-sheet-${line.siteCode}-line-${line.lineId}.pdf` };
}
