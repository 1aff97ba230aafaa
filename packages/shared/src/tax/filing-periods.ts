/**
 * The periods the operator files in (DESIGN 18, decision 093): GSTR-8 is monthly (CGST Act s.52(4)); the
 * TDS statement Form 26Q is quarterly by the financial year April-March (Income-tax Rules r.31A), so
 * "2026-Q3" is October-December 2026 and "2026-Q4" January-March 2027.
 */

/** The three IST months (YYYY-MM) of a financial-year quarter "YYYY-Qn". */
export function quarterMonths(quarter: string): string[] {
  const m = /^(\d{4})-Q([1-4])$/.exec(quarter);
  if (!m) throw new RangeError(`a quarter looks like 2026-Q3, not ${quarter}`);
  const year = Number(m[1]);
  const first = 4 + (Number(m[2]) - 1) * 3; // April, July, October, then January (13) of the next year
  return [0, 1, 2].map((k) => {
    const month = first + k;
    const y = month > 12 ? year + 1 : year;
    return `${y}-${String(month > 12 ? month - 12 : month).padStart(2, '0')}`;
  });
}

/** The first and last IST day of a quarter. */
export function quarterDays(quarter: string): { from: string; to: string } {
  const months = quarterMonths(quarter);
  const [y, mm] = months[2].split('-').map(Number);
  const last = new Date(Date.UTC(y, mm, 0)).getUTCDate();
  return { from: `${months[0]}-01`, to: `${months[2]}-${String(last).padStart(2, '0')}` };
}

/** The financial-year quarter ("2026-Q3") an IST month ("2026-11") falls in. */
export function quarterOfMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m >= 4 ? `${y}-Q${Math.floor((m - 4) / 3) + 1}` : `${y - 1}-Q4`;
}

/** The month before an IST month ("2026-01" -> "2025-12"): the month a return is filed for. */
export function monthBefore(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}
