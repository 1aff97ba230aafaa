import type { SiteImportReport, SiteImportResponseBody } from '@ooh/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, withSignInAgain } from '../../../../lib/api-client';

export interface ImportCall {
  file: File;
  dryRun: boolean;
  /** The dry run's valid_rows: the confirm writes nothing (409) when the file now checks differently. */
  expectedValidRows?: number;
  /** One per file: a second click or a retry of the confirm answers the first one's report. */
  idempotencyKey?: string;
  /** Upload progress from 0 to 1; fetch cannot report it, so this call uses XMLHttpRequest. */
  onProgress?: (fraction: number) => void;
}

/** POST /api/partner/sites/import (multipart, field "file") -> the report per row. */
export function importSites(call: ImportCall): Promise<SiteImportReport> {
  const query = new URLSearchParams({ dry_run: String(call.dryRun) });
  if (call.expectedValidRows !== undefined) query.set('expected_valid_rows', String(call.expectedValidRows));
  const form = new FormData();
  form.append('file', call.file, call.file.name);
  return withSignInAgain(
    () =>
      new Promise((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `/api/partner/sites/import?${query}`);
        xhr.setRequestHeader('accept', 'application/json');
        if (call.idempotencyKey) xhr.setRequestHeader('idempotency-key', call.idempotencyKey);
        xhr.upload.onprogress = (e) => {
          if (e.lengthComputable) call.onProgress?.(e.loaded / e.total);
        };
        xhr.onerror = () =>
          reject(
            new ApiError(
              0,
              'network_error',
              'We could not reach the server. Check your connection and try again.',
            ),
          );
        xhr.onload = () => {
          const body = parse(xhr.responseText);
          if (xhr.status >= 200 && xhr.status < 300 && typeof body === 'object' && body && 'data' in body) {
            resolve((body as SiteImportResponseBody).data);
            return;
          }
          const error = (
            body as { error?: { code?: string; message?: string; fields?: Record<string, string> } }
          )?.error;
          reject(
            new ApiError(
              xhr.status,
              error?.code ?? 'http_error',
              error?.message ?? messageFor(xhr.status),
              error?.fields,
            ),
          );
        };
        xhr.send(form);
      }),
  );
}

function messageFor(status: number): string {
  if (status === 413) return 'The file is larger than 10 MB. Split it into smaller files.';
  return `The upload failed (${status}). Please try again.`;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function useImportSites() {
  return useMutation({ mutationFn: importSites });
}

/** Hands a fetched file to the browser as a download under `name`. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The chosen file's rows with errors as CSV, each with what to fix (issue 22): the owner fixes them in the
 * spreadsheet and imports that file.
 */
export async function downloadFailedRows(file: File): Promise<void> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await fetch('/api/partner/sites/import?dry_run=true&format=failed_rows_csv', {
    method: 'POST',
    credentials: 'same-origin',
    body: form,
  });
  if (!res.ok) throw new ApiError(res.status, 'http_error', 'The rows with errors could not be downloaded.');
  saveBlob(await res.blob(), `${file.name.replace(/\.csv$/i, '')}-rows-to-fix.csv`);
}

/** GET the template with the session's token and hand it to the browser as a download. */
export async function downloadTemplate(): Promise<void> {
  const res = await fetch('/api/partner/sites/import/template.csv', {});
  if (!res.ok) throw new ApiError(res.status, 'http_error', 'The template could not be downloaded.');
  saveBlob(await res.blob(), 'sites-import-template.csv');
}
