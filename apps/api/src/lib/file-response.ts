import { z } from 'zod';

/**
 * The OpenAPI answer of a route that sends a file (PDF, CSV, PowerPoint, Excel): documented under its own
 * content type, not as JSON (decision 041). Handlers send Buffers or strings, which are never serialised.
 */
export function fileResponse(contentType: string, description: string) {
  return { description, content: { [contentType]: { schema: binarySchema } } };
}

/** `{type: string, format: binary}` in the document; typed as what handlers send (never serialised). */
export const binarySchema = z.string().meta({ format: 'binary' }) as unknown as z.ZodType<Buffer | string>;

export const PDF = 'application/pdf';
export const CSV = 'text/csv';
export const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
