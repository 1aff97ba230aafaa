import { formatAudienceSource, lastDayOf, type Plan } from '@ooh/shared';
import {
  DAY_FORMAT,
  excelDay,
  INDIAN_COUNT_FORMAT,
  INDIAN_RUPEES_FORMAT,
} from '../../lib/spreadsheet-formats.ts';
import { figureRows, figuresNote, GST_NOTE, gstLabel, sizeText } from './plan-format.ts';

/** The plan as a spreadsheet: one row per site with every field, then totals as SUM formulas. */
export async function planXlsx(plan: Plan): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'OOH marketplace';
  workbook.created = new Date(plan.generated_at);
  const sheet = workbook.addWorksheet('Media plan', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: '#', key: 'n', width: 5 },
    { header: 'Site code', key: 'code', width: 14 },
    { header: 'Name', key: 'name', width: 32 },
    { header: 'Address', key: 'address', width: 40 },
    { header: 'City', key: 'city', width: 16 },
    { header: 'State', key: 'state', width: 16 },
    { header: 'Latitude', key: 'latitude', width: 11, style: { numFmt: '0.00000' } },
    { header: 'Longitude', key: 'longitude', width: 11, style: { numFmt: '0.00000' } },
    { header: 'Format', key: 'category', width: 18 },
    { header: 'Width (ft)', key: 'width', width: 10 },
    { header: 'Height (ft)', key: 'height', width: 10 },
    { header: 'Size', key: 'size', width: 16 },
    { header: 'Lighting', key: 'lighting', width: 12 },
    { header: 'Impressions a day', key: 'impressions', width: 13, style: { numFmt: INDIAN_COUNT_FORMAT } },
    // Every figure with its source (decision 080).
    { header: 'Audience source', key: 'source', width: 24 },
    { header: 'From', key: 'from', width: 12, style: { numFmt: DAY_FORMAT } },
    // The last day of the booking, as every screen and document shows it (the API's to_date is the day after).
    { header: 'To', key: 'to', width: 12, style: { numFmt: DAY_FORMAT } },
    { header: 'Days', key: 'days', width: 7 },
    { header: 'Daily price', key: 'daily', width: 14, style: { numFmt: INDIAN_RUPEES_FORMAT } },
    { header: 'Line price', key: 'line', width: 16, style: { numFmt: INDIAN_RUPEES_FORMAT } },
    { header: 'Impressions over the days', key: 'views', width: 16, style: { numFmt: INDIAN_COUNT_FORMAT } },
    { header: 'CPM (before GST)', key: 'cpm', width: 14, style: { numFmt: INDIAN_RUPEES_FORMAT } },
    { header: 'Photo', key: 'photo', width: 40 },
  ];
  // The totals' formulas name the line price's column by its letter, wherever the columns put it.
  const lineColumn = sheet.getColumn('line').letter;
  sheet.getRow(1).font = { bold: true };
  plan.sites.forEach((s, i) => {
    sheet.addRow({
      n: i + 1,
      code: s.code,
      name: s.name,
      address: s.address,
      city: s.city,
      state: s.state,
      latitude: s.latitude,
      longitude: s.longitude,
      category: s.category,
      width: s.width_ft,
      height: s.height_ft,
      size: sizeText(s),
      lighting: s.lighting,
      impressions: s.impressions,
      source: s.audience ? formatAudienceSource(s.audience) : '',
      views: s.line_impressions,
      cpm: s.cpm,
      from: s.from_date ? excelDay(s.from_date) : null,
      to: s.to_date ? excelDay(lastDayOf(s.to_date)) : null,
      days: s.days,
      daily: s.daily_price,
      line: s.line_price,
      photo: s.photo ?? '',
    });
  });
  const first = 2;
  const last = plan.sites.length + 1;
  const range = `${lineColumn}${first}:${lineColumn}${plan.sites.length ? last : first}`;
  // Totals stand apart from the sites: a blank row, outside the filter's range, so sorting or filtering the
  // sites never moves them into the data.
  sheet.addRow({});
  const subtotal = sheet.addRow({
    name: 'Subtotal',
    line: { formula: `SUM(${range})`, result: plan.subtotal },
  });
  const gst = sheet.addRow({
    name: gstLabel(plan),
    line: { formula: `ROUND(${lineColumn}${subtotal.number}*${plan.gst_rate},2)`, result: plan.gst_estimate },
  });
  const total = sheet.addRow({
    name: 'Total',
    line: { formula: `${lineColumn}${subtotal.number}+${lineColumn}${gst.number}`, result: plan.total },
  });
  for (const row of [subtotal, gst, total]) row.font = { bold: true };
  sheet.addRow({ name: GST_NOTE });
  // The plan's audience figures under the money, reach and frequency labelled as estimates.
  const figures = figureRows(plan);
  if (figures.length) {
    sheet.addRow({});
    sheet.addRow({ name: 'Plan figures' }).font = { bold: true };
    for (const [label, value] of figures) sheet.addRow({ name: label, address: value });
    sheet.addRow({ name: figuresNote(plan) });
  }
  sheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: Math.max(last, 2), column: sheet.columns.length },
  };
  workbook.title = plan.title;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
