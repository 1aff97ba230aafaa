import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/errors.ts';

/**
 * How deeply a JSON body may nest. The deepest body the API takes is a few levels (an availability check's
 * items, a plan's lines); a body nested thousands of levels deep is no request any client makes, and every
 * recursive step after parsing (zod's validation, JSON.stringify of a cache key, the logger's serialiser)
 * would overflow the stack on it and answer 500 (issue 43: 5,000 levels did). Refused at the parser, so no
 * route, hook or cache ever sees such a body.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * The deepest nesting of arrays and objects in JSON text, counted without parsing it (brackets inside
 * strings do not count), stopping as soon as `limit` is passed. Malformed text is left to the parser.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth++;
      if (depth > limit) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/**
 * Fastify's own JSON parser (prototype poisoning refused as before), behind a depth check whose refusal is a
 * 400 of the error shape through the error handler.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(
        new HttpError(400, 'bad_request', `The JSON body nests more than ${MAX_JSON_DEPTH} levels deep.`),
        undefined,
      );
      return;
    }
    parse(request, text, done);
  });
}
