import { describe, expect, it } from 'vitest';
import { campaignTitle } from './campaign-name.ts';

describe('campaignTitle', () => {
  it('falls back to Untitled Campaign when nothing visible is left', () => {
    for (const blank of [
      undefined,
      null,
      '',
      '   ',
      '\t\n',
      '\u200b\u200b',
      ' \u2066\u2069 ',
      '\u00a0',
      '\u3000',
    ]) {
      expect(campaignTitle(blank), JSON.stringify(blank)).toBe('Untitled Campaign');
    }
  });

  it('keeps a real name, trimmed', () => {
    expect(campaignTitle('  Diwali Blitz ')).toBe('Diwali Blitz');
    expect(campaignTitle('दिवाली')).toBe('दिवाली');
    expect(campaignTitle('\u200bGoa')).toBe('\u200bGoa');
  });
});
