import { z } from 'zod';

/**
 * The one schema for text a person or a client sends (docs/decisions/014-hostile-text-and-cache-keys.md):
 * every free-text field of every request - bodies, query strings, string path params, the webhook's ids -
 * is built with safeText, so no field can forget a length cap or let through characters that PostgreSQL
 * refuses (NUL answers SQLSTATE 22021), that no keyboard types, or that make a name display as something
 * else. A refused value is a 400 naming the field, never a 500 from the database.
 */

/** C0 controls but tab, LF and CR; DEL; C1 controls. What a multi-line field (a message) refuses. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** A one-line field (a name, an id, a search) also refuses tab, LF, CR and the Unicode line separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const SINGLE_LINE_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/**
 * Bidirectional embeddings, overrides and isolates (LRE RLE PDF LRO RLO, LRI RLI FSI PDI): they reorder how
 * the text around them is shown ("Trojan Source" spoofing, a file name reading backwards), and no keyboard
 * layout types them. The plain marks LRM, RLM and ALM (U+200E, U+200F, U+061C), which Urdu or mixed text
 * may carry, only nudge neutral characters and stay allowed; ZWJ and ZWNJ only where Indic scripts need them.
 */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
/** Half of a surrogate pair with no other half: not a character at all, and not encodable as UTF-8. */
const LONE_SURROGATE = /\p{Cs}/u;
/**
 * Invisible characters: every format character (Unicode category Cf: BOM U+FEFF, zero-width space U+200B,
 * word joiner U+2060, soft hyphen, the tag characters U+E0000-E007F that can smuggle a hidden message...)
 * and the fillers that draw nothing (combining grapheme joiner, Hangul and Khmer fillers). Two names that
 * look the same must be the same text. The direction marks LRM, RLM and ALM stay allowed (above), and so
 * do ZWJ and ZWNJ inside Indian-script words, where they choose a conjunct or a Malayalam chillu.
 */
const INVISIBLE = /\p{Cf}|\u034f|[\u115f\u1160\u17b4\u17b5\u3164\uffa0]/gu;
const DIRECTION_MARKS = new Set(['\u200e', '\u200f', '\u061c']);
const ZERO_WIDTH_JOINERS = new Set(['\u200c', '\u200d']);
/** Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada, Malayalam and Sinhala. */
const INDIAN_SCRIPT = /^[\u0900-\u0dff]$/;
const LETTER_OR_DIGIT = /^[\p{L}\p{M}\p{N}]$/u;

/**
 * A ZWJ or ZWNJ at `index` is part of Indian-script text when it follows a letter or sign of one of those
 * scripts (क्‍ष: after the virama) and is followed by another one or by no letter at all (ന്‍, a chillu,
 * ends the word). Between Latin letters, at the start, or before another script it only hides something.
 */
function joinsIndianScript(value: string, index: number): boolean {
  const before = value[index - 1];
  if (before === undefined || !INDIAN_SCRIPT.test(before)) return false;
  const next = value.codePointAt(index + 1);
  if (next === undefined) return true;
  const after = String.fromCodePoint(next);
  return INDIAN_SCRIPT.test(after) || !LETTER_OR_DIGIT.test(after);
}

function invisibleCharacterProblem(value: string): string | undefined {
  for (const match of value.matchAll(INVISIBLE)) {
    const ch = match[0];
    if (DIRECTION_MARKS.has(ch)) continue;
    if (ZERO_WIDTH_JOINERS.has(ch)) {
      if (joinsIndianScript(value, match.index)) continue;
      return `must not contain a zero-width joiner outside Indian-script text (found ${codePoint(ch)})`;
    }
    return `must not contain invisible characters (found ${codePoint(ch)})`;
  }
  return undefined;
}

const codePoint = (ch: string) => `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** Why `value` may not be stored as text, or undefined when it may. Pure, so both sides can call it. */
export function textCharacterProblem(value: string, multiline = false): string | undefined {
  const control = (multiline ? MULTI_LINE_CONTROL : SINGLE_LINE_CONTROL).exec(value);
  if (control) {
    return multiline || !/[\t\n\r\u2028\u2029]/.test(control[0])
      ? `must not contain control characters (found ${codePoint(control[0])})`
      : 'must be a single line';
  }
  const bidi = BIDI_CONTROL.exec(value);
  if (bidi) return `must not contain text-direction override characters (found ${codePoint(bidi[0])})`;
  if (LONE_SURROGATE.test(value)) return 'contains an invalid character (an unpaired surrogate)';
  return invisibleCharacterProblem(value);
}

export interface SafeTextOptions {
  /** Longest accepted value (after trimming), in UTF-16 code units as String.length counts them. */
  max: number;
  /** Names the field in messages: "First name is required". */
  label?: string;
  /** Tabs and line breaks allowed (a message); otherwise the value must be one line. */
  multiline?: boolean;
  /** At least one character after trimming. */
  required?: boolean;
  /** Leading and trailing whitespace removed first (default); ids and signatures compared exactly pass false. */
  trim?: boolean;
}

/** A string that is safe to store and show: capped, no control or direction-override characters, well formed. */
export function safeText({
  max,
  label = 'Text',
  multiline = false,
  required = false,
  trim = true,
}: SafeTextOptions) {
  let schema = z.string(required ? { error: `${label} is required` } : undefined);
  if (trim) schema = schema.trim();
  if (required) schema = schema.min(1, `${label} is required`);
  return schema
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine((value, ctx) => {
      const problem = textCharacterProblem(value, multiline);
      if (problem) ctx.addIssue({ code: 'custom', message: `${label} ${problem}` });
    })
    .meta({ pattern: textPattern(multiline, trim) });
}

/**
 * The character rule above as a JSON-schema `pattern`, so the OpenAPI document (and any client or fuzzer
 * reading it) knows what a refinement alone would hide (decision 041). Built from the same character
 * classes; lone surrogates are the range U+D800-DFFF, which a Unicode-mode regex matches only unpaired.
 * Whitespace around a trimmed value is allowed: it is removed before the rule applies.
 */
export function textPattern(multiline: boolean, trim = true): string {
  const inner = (r: RegExp) => r.source.slice(1, -1);
  // Any character but controls, direction overrides, lone surrogates and invisible ones; the direction
  // marks; and a ZWJ/ZWNJ inside Indian-script text (joinsIndianScript as lookarounds).
  const plain = `[^${inner(multiline ? MULTI_LINE_CONTROL : SINGLE_LINE_CONTROL)}${inner(BIDI_CONTROL)}\\ud800-\\udfff\\p{Cf}\\u034f\\u115f\\u1160\\u17b4\\u17b5\\u3164\\uffa0]`;
  const joiner = '(?<=[\\u0900-\\u0dff])[\\u200c\\u200d](?=[\\u0900-\\u0dff]|[^\\p{L}\\p{M}\\p{N}]|$)';
  const refused = `(?:${plain}|[\\u200e\\u200f\\u061c]|${joiner})*`;
  return trim ? `^\\s*${refused}\\s*$` : `^${refused}$`;
}

/**
 * Text a person writes in paragraphs (a site's description; issue 22): safeText with tabs and line breaks
 * allowed, Windows and old Mac line ends stored as "\n". Names and codes stay safeText, one line.
 */
export function safeMultilineText(options: Omit<SafeTextOptions, 'multiline'>) {
  return safeText({ ...options, multiline: true }).transform((v) => v.replace(/\r\n?/g, '\n'));
}
