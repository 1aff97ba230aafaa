import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors.ts';

const MB = 1024 * 1024;

/**
 * The one file of a multipart upload, read whole and capped at `maxBytes` while streaming (app.ts's 10 MB
 * is the default; a route may allow more, e.g. proof photos). The plugin's
 * own errors become the one error shape with a sentence a person can act on: not multipart 415, too big
 * or more than one file 413, no file 400.
 */
export async function readOneUpload(
  request: FastifyRequest,
  what: { label: string; maxBytes: number },
): Promise<{ buffer: Buffer; filename: string }> {
  try {
    const part = await request.file({ limits: { fileSize: what.maxBytes } });
    if (!part) throw badRequest(`Choose a ${what.label} to upload.`, { file: `Choose a ${what.label}` });
    const buffer = await part.toBuffer();
    if (buffer.length === 0) throw badRequest(`The ${what.label} is empty.`, { file: 'The file is empty' });
    return { buffer, filename: part.filename };
  } catch (err) {
    throw uploadError(err, what);
  }
}

function uploadError(err: unknown, what: { label: string; maxBytes: number }): unknown {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new HttpError(
      415,
      'unsupported_media_type',
      `Send the ${what.label} as multipart/form-data with one file field.`,
    );
  }
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new HttpError(
      413,
      'payload_too_large',
      `The ${what.label} is larger than ${Math.round(what.maxBytes / MB)} MB; choose a smaller one.`,
      { file: `At most ${Math.round(what.maxBytes / MB)} MB` },
    );
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(413, 'payload_too_large', `Upload one ${what.label} at a time.`);
  }
  const status = (err as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500) {
    return badRequest(`The upload could not be read; try again.`, { file: 'The upload could not be read' });
  }
  return err;
}
