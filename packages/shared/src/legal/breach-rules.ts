/**
 * Personal data breaches (DPDP Act 2023 s.8(6); DPDP Rules 2025 rule 7): on becoming aware of a breach the
 * Data Fiduciary tells the Data Protection Board and each affected person without delay, and sends the
 * Board a detailed report (facts, circumstances and reasons, measures taken, findings about who caused it,
 * remedial measures, the intimations made) within 72 hours of becoming aware, or a longer period the
 * Board allows on a written request.
 */
export const BREACH_REPORT_HOURS = 72;

/** When the detailed report to the Board is due: 72 hours after the breach became known. */
export function breachReportDue(discoveredAt: Date): Date {
  return new Date(discoveredAt.getTime() + BREACH_REPORT_HOURS * 3_600_000);
}

export type BreachStep = 'tell_board' | 'tell_people' | 'send_report' | 'close' | 'done';

/** What the register asks for next, in the order the rule sets them. */
export function nextBreachStep(b: {
  boardToldAt: Date | null;
  peopleToldAt: Date | null;
  reportSentAt: Date | null;
  closedAt: Date | null;
}): BreachStep {
  if (b.closedAt) return 'done';
  if (!b.boardToldAt) return 'tell_board';
  if (!b.peopleToldAt) return 'tell_people';
  if (!b.reportSentAt) return 'send_report';
  return 'close';
}
