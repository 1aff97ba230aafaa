import { ApiError } from '../../lib/api-client';
import { type PlanFormat, planFilePath, type ResolvedSource } from './plan-source';

/** The file name the server gave (content-disposition), or a plain fallback. */
function fileNameOf(response: Response, format: PlanFormat): string {
  const header = response.headers.get('content-disposition') ?? '';
  const match = /filename="([^"]+)"/.exec(header);
  return match?.[1] ?? `media-plan.${format}`;
}

/**
 * Fetches the export with the session cookie (a customized campaign or an order is private) and saves it
 * through a blob link, so no token ever goes into a URL. Loaded only when someone exports.
 */
export async function downloadPlan(source: ResolvedSource, format: PlanFormat): Promise<string> {
  let response: Response;
  try {
    response = await fetch(planFilePath(source, format), {});
  } catch {
    throw new ApiError(
      0,
      'network_error',
      'We could not reach the server. Check your connection and try again.',
    );
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { code?: string; message?: string };
    } | null;
    throw new ApiError(
      response.status,
      body?.error?.code ?? 'error',
      body?.error?.message ?? 'The plan could not be exported. Please try again.',
    );
  }
  const blob = await response.blob();
  const name = fileNameOf(response, format);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
