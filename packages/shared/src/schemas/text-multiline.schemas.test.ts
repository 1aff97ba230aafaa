import { describe, expect, it } from 'vitest';
import { siteFieldsSchema } from './site.schemas.ts';
import { safeMultilineText } from './text.schemas.ts';

/** Issue 22: paragraphs where a person writes them (descriptions), never in names or codes. */
describe('safeMultilineText', () => {
  const description = safeMultilineText({ label: 'Description', max: 80 });

  it('keeps line breaks and tabs, stored with "\\n" line ends', () => {
    expect(description.parse('Lit till midnight.\r\nFacing the metro.\rNear\tthe gate')).toBe(
      'Lit till midnight.\nFacing the metro.\nNear\tthe gate',
    );
  });

  it('still refuses control and direction-override characters, naming the field', () => {
    for (const bad of ['a\u0000b', 'a\u0085b', 'abc\u202Egpj']) {
      const result = description.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toMatch(/^Description must not contain/);
    }
    expect(description.safeParse('x'.repeat(81)).success).toBe(false);
  });

  it('a site description takes paragraphs; its name and code stay one line', () => {
    const shape = siteFieldsSchema.shape;
    expect(shape.description.parse('Two\nlines')).toBe('Two\nlines');
    expect(shape.name.safeParse('Two\nlines').error?.issues[0].message).toBe('Name must be a single line');
    expect(shape.site_code.safeParse('HYD\nLP').success).toBe(false);
  });
});
