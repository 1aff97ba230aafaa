import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeText, textPattern } from './text.schemas.ts';

/** The OpenAPI document shows safeText's character rule as a pattern: it must accept what safeText accepts. */
describe('textPattern (the text rule in the OpenAPI document)', () => {
  const samples = [
    'Ravi Kumar',
    'मुंबई',
    'കൊച്ചി',
    '  padded  ',
    'tab\tinside',
    'line\nbreak',
    '\tleading tab',
    'nul\u0000',
    'del\u007f',
    'c1\u0085',
    'bidi\u202etxt',
    'isolate\u2066x',
    'lone \ud800 high',
    'lone \udc00 low',
    'emoji 😀 pair',
    'sep\u2028x',
    'lrm\u200e ok',
    'zwj क्‍ष',
  ];
  const chars = fc.constantFrom(
    ...'ab \t\n\r\u0000\u001f\u007f\u0085\u2028\u202a\u2066\u200d\ud83d\ude00\ud800'.split(''),
  );

  for (const multiline of [false, true]) {
    for (const trim of [true, false]) {
      it(`agrees with safeText (multiline ${multiline}, trim ${trim})`, () => {
        const schema = safeText({ max: 10_000, multiline, trim });
        const pattern = new RegExp(textPattern(multiline, trim), 'u');
        const agree = (value: string) =>
          expect(pattern.test(value), JSON.stringify(value)).toBe(schema.safeParse(value).success);
        for (const value of samples) agree(value);
        fc.assert(
          fc.property(
            fc.array(chars, { maxLength: 8 }).map((a) => a.join('')),
            (v) => {
              agree(v);
            },
          ),
        );
      });
    }
  }
});
