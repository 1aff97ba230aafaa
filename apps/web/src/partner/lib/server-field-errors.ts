import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

/**
 * Puts the API's per-field messages ({error:{fields}}) on the form's fields. Answers the names it placed,
 * in the form's own order, so the caller can focus the first; fields the form does not have are left for
 * the form-level message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  err: unknown,
  fieldNames: readonly string[],
  setError: UseFormSetError<T>,
): string[] {
  if (!(err instanceof ApiError) || !err.fields) return [];
  const placed = fieldNames.filter((name) => typeof err.fields?.[name] === 'string');
  for (const name of placed) setError(name as Path<T>, { type: 'server', message: err.fields[name] });
  return placed;
}

/** The sentence shown above a form after a failed save. */
export function saveErrorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    if (err.status === 0 || err.status >= 500) return fallback;
    return err.message;
  }
  return fallback;
}
