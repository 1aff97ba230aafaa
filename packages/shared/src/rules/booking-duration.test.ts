import { describe, expect, it } from 'vitest';
import { parseBookingDuration } from './booking-duration.ts';

describe('parseBookingDuration', () => {
  it('reads a number of days', () => {
    expect(parseBookingDuration(7)).toBe(7);
    expect(parseBookingDuration(1)).toBe(1);
    expect(parseBookingDuration(30)).toBe(30);
    // Part of a day is charged as a whole day.
    expect(parseBookingDuration(7.2)).toBe(8);
  });

  it('reads text that starts with a day count', () => {
    expect(parseBookingDuration('7 days')).toBe(7);
    expect(parseBookingDuration('14 Days')).toBe(14);
    expect(parseBookingDuration('  3 day')).toBe(3);
    expect(parseBookingDuration('2.5 days')).toBe(3);
    expect(parseBookingDuration('10')).toBe(10);
  });

  it('reads seconds: 86400 or more means days, rounded up', () => {
    expect(parseBookingDuration(86_400)).toBe(1);
    expect(parseBookingDuration(604_800)).toBe(7);
    expect(parseBookingDuration(2_592_000)).toBe(30);
    expect(parseBookingDuration(90_000)).toBe(2);
    expect(parseBookingDuration('604800')).toBe(7);
    // Below a day's worth of seconds the number is taken as days.
    expect(parseBookingDuration(86_399)).toBe(86_399);
  });

  it.each([
    ['empty text', ''],
    ['words', 'a week'],
    ['a count not at the start', 'days: 5'],
    ['zero', 0],
    ['zero days', '0 days'],
    ['negative', -5],
    ['negative text', '-5 days'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['null', null],
    ['undefined', undefined],
    ['an object', { days: 5 }],
    ['a boolean', true],
  ])('falls back to 7 days for junk: %s', (_label, value) => {
    expect(parseBookingDuration(value)).toBe(7);
  });
});
