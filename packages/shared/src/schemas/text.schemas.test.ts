import { describe, expect, it } from 'vitest';
import { contactBodySchema } from './contact.schemas.ts';
import { safeText, textCharacterProblem } from './text.schemas.ts';
import { userUpdateBodySchema } from './user.schemas.ts';

const messages = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('safeText: the one rule for text a client sends', () => {
  const name = safeText({ max: 20, label: 'Name', required: true });
  const message = safeText({ max: 200, label: 'Message', multiline: true });

  it.each([
    ['NUL', 'a\u0000b', 'U+0000'],
    ['escape', '\u001b[31m', 'U+001B'],
    ['DEL', 'a\u007fb', 'U+007F'],
    ['C1 control (NEL)', 'a\u0085b', 'U+0085'],
    ['right-to-left override', 'abc\u202Egpj.exe', 'U+202E'],
    ['left-to-right embedding', '\u202Aabc', 'U+202A'],
    ['right-to-left isolate', '\u2067abc\u2069', 'U+2067'],
    ['pop directional isolate', 'abc\u2069', 'U+2069'],
  ])('refuses a %s in one-line and multi-line text, naming the character', (_, value, code) => {
    expect(messages(name.safeParse(value))[0]).toMatch(new RegExp(`^Name .*${code.replace('+', '\\+')}`));
    expect(messages(message.safeParse(value))[0]).toMatch(/^Message /);
  });

  it('refuses unpaired surrogates but keeps paired ones (emoji, flags)', () => {
    expect(messages(name.safeParse('x\uD800'))).toEqual([
      'Name contains an invalid character (an unpaired surrogate)',
    ]);
    expect(name.safeParse('\uDFFFx').success).toBe(false);
    expect(name.parse('Asha 😀🇮🇳')).toBe('Asha 😀🇮🇳');
  });

  it('keeps the text people write: Indic scripts with ZWJ/ZWNJ, Urdu with its direction marks', () => {
    for (const v of [
      'नमस्ते',
      'क्\u200Dष',
      'ಕನ್ನಡ\u200C',
      'اردو\u200F (Urdu)',
      'Mumbai \u200E#12',
      'Café Müller',
    ]) {
      expect(name.parse(v), v).toBe(v);
    }
  });

  it.each([
    ['byte order mark', 'As\uFEFFha', 'U+FEFF'],
    ['tag characters', 'Asha\u{E0041}\u{E0042}\u{E007F}', 'U+E0041'],
    ['language tag', '\u{E0001}Asha', 'U+E0001'],
    ['zero-width space', 'Asha\u200BRao', 'U+200B'],
    ['word joiner', 'Asha\u2060Rao', 'U+2060'],
    ['soft hyphen', 'As\u00ADha', 'U+00AD'],
    ['Hangul filler', 'Asha\u3164', 'U+3164'],
    ['invisible separator', 'a\u2063b', 'U+2063'],
  ])('refuses a %s (issue 20), naming it', (_, value, code) => {
    expect(messages(name.safeParse(value))[0]).toMatch(
      new RegExp(`^Name must not contain invisible characters \\(found ${code.replace('+', '\\+')}\\)$`),
    );
    expect(message.safeParse(value).success).toBe(false);
  });

  it('never keeps a BOM: trimmed at either end like whitespace, refused where trimming is off', () => {
    expect(name.parse('\uFEFFAsha\uFEFF')).toBe('Asha');
    expect(safeText({ max: 20, trim: false }).safeParse('\uFEFFAsha').success).toBe(false);
  });

  it('keeps ZWJ and ZWNJ between letters of Indian scripts: Hindi conjuncts, Malayalam chillus', () => {
    for (const v of [
      'क्\u200Dष', // Hindi: a half ka joined to ssa
      'क्\u200Cष', // ZWNJ: the explicit virama form
      'रा\u200Dज्\u200Dय',
      'ന്\u200D', // Malayalam chillu n
      'അവന്\u200D വന്നു', // a chillu ending a word, then a space
      'ര്\u200D',
      'স্\u200D', // Bengali
      'ਕ੍\u200Dਸ', // Gurmukhi
      'ક્\u200Dષ', // Gujarati
      'କ୍\u200Dଷ', // Oriya
      'க்\u200Dஷ', // Tamil
      'క్\u200Dష', // Telugu
      'ಕ್\u200Dಷ', // Kannada
      'ශ්\u200Dරී', // Sinhala
    ]) {
      expect(name.parse(v), v).toBe(v);
    }
  });

  it('refuses a ZWJ or ZWNJ anywhere else: between Latin letters, leading, or before another script', () => {
    for (const v of ['A\u200Db', 'a\u200Cb', '\u200Dक्ष', 'क्\u200DA', 'Asha\u200D', '👨\u200D👩']) {
      expect(messages(name.safeParse(v))[0], JSON.stringify(v)).toMatch(
        /^Name must not contain a zero-width joiner outside Indian-script text \(found U\+200[CD]\)$/,
      );
    }
  });

  it('allows tabs and line breaks only where text may span lines', () => {
    expect(message.parse('Hello,\r\n\tplease call.\u2028Thanks')).toBe(
      'Hello,\r\n\tplease call.\u2028Thanks',
    );
    for (const v of ['a\nb', 'a\tb', 'a\rb', 'a\u2028b']) {
      expect(messages(name.safeParse(v)), JSON.stringify(v)).toEqual(['Name must be a single line']);
    }
  });

  it('trims, caps the length and requires what is required', () => {
    expect(name.parse('  Asha  ')).toBe('Asha');
    expect(messages(name.safeParse('   '))).toEqual(['Name is required']);
    expect(messages(name.safeParse(undefined))).toEqual(['Name is required']);
    expect(messages(name.safeParse('x'.repeat(100_000)))).toEqual(['Name must be at most 20 characters']);
    expect(safeText({ max: 5, trim: false }).parse(' a ')).toBe(' a ');
  });

  it('is what the request schemas use, so every field answers with its own name', () => {
    const contact = contactBodySchema.safeParse({
      name: 'Asha\u0000',
      company_name: 'Rao\u202EMedia',
      phone_number: '9876543210',
      email: 'asha@example.com',
      message: 'Line one\nline two',
    });
    expect(contact.error?.issues.map((i) => i.path.join('.'))).toEqual(['name', 'company_name']);
    const user = userUpdateBodySchema.safeParse({
      first_name: 'Asha',
      last_name: 'Rao',
      phone_number: '9876543210',
      company: 'Rao Media',
      company_type: 'Agency\u0085',
      address_line_1: '12 MG Road',
      city: 'Mumbai',
      state: 'Maharashtra',
      pin: '400001',
    });
    expect(user.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['company_type', 'Company type must not contain control characters (found U+0085)'],
    ]);
  });

  it('textCharacterProblem is undefined for clean text', () => {
    expect(textCharacterProblem('Plain text, ₹4,95,000 – “quoted”')).toBeUndefined();
    expect(textCharacterProblem('two\nlines', true)).toBeUndefined();
  });
});
