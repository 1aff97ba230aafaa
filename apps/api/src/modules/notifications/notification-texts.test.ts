import { describe, expect, it } from 'vitest';
import { formatIstDate, formatRupees, renderNotification } from './notification-texts.ts';
import type { NotificationTemplate } from './notifications.repository.ts';

const TEMPLATES: NotificationTemplate[] = [
  'booking_confirmed_buyer',
  'booking_confirmed_owner',
  'cash_order_placed',
  'creative_submitted',
  'creative_approved',
  'creative_rejected',
  'proof_posted',
  'refund_issued',
  'creative_due_reminder',
  'creative_overdue',
  'proof_due_reminder',
  'proof_overdue',
];

describe('notification texts', () => {
  it('format rupees with Indian grouping and dates in India', () => {
    expect(formatRupees(118000)).toBe('₹1,18,000');
    expect(formatRupees(1250.5)).toBe('₹1,250.50');
    expect(formatIstDate('2026-12-01')).toBe('1 Dec 2026');
    // 20:00 UTC on 30 Nov is already 1 Dec in India.
    expect(formatIstDate(new Date('2026-11-30T20:00:00Z'))).toBe('1 Dec 2026');
  });

  it.each(TEMPLATES)('%s reads well with a full payload and with none, and stays short', (template) => {
    const full = renderNotification(template, {
      orderId: 12,
      siteName: 'Andheri Flyover',
      fromDate: '2026-12-01',
      toDate: '2026-12-08',
      dueDate: '2026-11-28',
      amountRupees: 12390,
      sites: 2,
      reason: 'Text too small',
    });
    const empty = renderNotification(template, {});
    for (const m of [full, empty]) {
      expect(m.text).toMatch(/^AdSpace India: /);
      expect(m.subject).toMatch(/^AdSpace India: /);
      expect(`${m.subject} ${m.text}`).not.toMatch(/undefined|NaN|null|\[object/);
      expect(m.text.length).toBeLessThanOrEqual(200);
    }
    expect(full.text).toMatch(/#12|Andheri Flyover/);
  });

  it('shows the last day of the exclusive toDate, as every surface does (issue 19)', () => {
    const m = renderNotification('booking_confirmed_owner', {
      orderId: 7,
      siteName: 'Andheri Flyover',
      fromDate: '2026-12-07',
      toDate: '2027-01-06',
    });
    expect(m.text).toContain('(7 Dec 2026 - 5 Jan 2027)');
    expect(m.text).not.toContain('6 Jan');
  });

  it('a cash order says the total with GST, the bank details and the order number', () => {
    const m = renderNotification('cash_order_placed', {
      orderId: 4512,
      amountRupees: 87_320,
      reservedUntil: '28 Nov 2026, 3:05 pm IST',
      payee: 'AdSpace India Private Limited',
      bankName: 'HDFC Bank, Andheri East',
      bankAccount: '50200012345678',
      ifsc: 'HDFC0000123',
    });
    expect(m.text).toBe(
      'AdSpace India: order #4512 is reserved until 28 Nov 2026, 3:05 pm IST. Pay ₹87,320 incl. GST to AdSpace India Private Limited, HDFC Bank, Andheri East a/c 50200012345678 IFSC HDFC0000123, quoting order #4512.',
    );
  });

  it('ignores payload values that are not text or numbers', () => {
    const m = renderNotification('creative_rejected', { siteName: { evil: true }, reason: ['x'] });
    expect(m.text).toBe('AdSpace India: your artwork for your site was rejected. Please upload a new one.');
  });
});
