import { SITE_PHOTO_MAX_BYTES, SITE_PHOTO_TYPES, SITE_PHOTOS_MAX } from '@ooh/shared';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { ApiError, withSignInAgain } from '../../../../lib/api-client';

/** The browser's own check before a byte is sent; the server checks the content again (a file can lie). */
export function photoFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!(SITE_PHOTO_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name} is not a JPEG, PNG or WebP photo.`;
  }
  if (file.size > SITE_PHOTO_MAX_BYTES) {
    const mb = (file.size / 1024 / 1024).toFixed(1);
    return `${file.name} is ${mb} MB; a photo can be at most ${SITE_PHOTO_MAX_BYTES / 1024 / 1024} MB.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'error';
export interface UploadItem {
  key: string;
  file: File;
  status: UploadStatus;
  /** 0-100 while uploading. */
  progress: number;
  error?: string;
}

export type QueueAction =
  | { type: 'add'; items: UploadItem[] }
  | { type: 'progress'; key: string; progress: number }
  | { type: 'start'; key: string }
  | { type: 'done'; key: string }
  | { type: 'fail'; key: string; error: string }
  | { type: 'retry'; key: string }
  | { type: 'dismiss'; key: string };

export function queueReducer(state: UploadItem[], action: QueueAction): UploadItem[] {
  if (action.type === 'add') return [...state, ...action.items];
  if (action.type === 'dismiss') return state.filter((i) => i.key !== action.key);
  return state.map((item) => {
    if (item.key !== action.key) return item;
    switch (action.type) {
      case 'start':
        return { ...item, status: 'uploading', progress: 0, error: undefined };
      case 'progress':
        return { ...item, progress: Math.max(item.progress, Math.min(100, Math.round(action.progress))) };
      case 'done':
        return { ...item, status: 'done', progress: 100 };
      case 'fail':
        return { ...item, status: 'error', error: action.error };
      case 'retry':
        return { ...item, status: 'queued', progress: 0, error: undefined };
      default:
        return item;
    }
  });
}

/**
 * Splits a selection into files to upload and messages for the rest: wrong type, too big, or more than the
 * site can still hold (`room` photos).
 */
export function acceptFiles(files: File[], room: number): { accepted: File[]; rejected: string[] } {
  const accepted: File[] = [];
  const rejected: string[] = [];
  for (const file of files) {
    const problem = photoFileProblem(file);
    if (problem) rejected.push(problem);
    else if (accepted.length >= room) {
      rejected.push(`${file.name} was not added: a site has at most ${SITE_PHOTOS_MAX} photos.`);
    } else accepted.push(file);
  }
  return { accepted, rejected };
}

export type Uploader = (siteId: number, file: File, onProgress: (percent: number) => void) => Promise<void>;

/**
 * POST /api/partner/sites/{id}/photos as multipart (field "file"). XMLHttpRequest, because fetch reports
 * no upload progress; errors come back in the API's one shape.
 */
export const uploadPhoto: Uploader = (siteId, file, onProgress) =>
  withSignInAgain(
    () =>
      new Promise<void>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `/api/partner/sites/${siteId}/photos`);
        xhr.setRequestHeader('accept', 'application/json');
        xhr.upload.onprogress = (e) => {
          if (e.lengthComputable) onProgress((e.loaded / e.total) * 100);
        };
        xhr.onload = () => {
          if (xhr.status >= 200 && xhr.status < 300) return resolve();
          let error: { code?: string; message?: string } | undefined;
          try {
            error = JSON.parse(xhr.responseText)?.error;
          } catch {
            error = undefined;
          }
          reject(
            new ApiError(
              xhr.status,
              error?.code ?? 'http_error',
              error?.message ?? `Upload failed (${xhr.status}).`,
            ),
          );
        };
        xhr.onerror = () =>
          reject(
            new ApiError(0, 'network_error', 'The upload was interrupted. Check your connection and retry.'),
          );
        const body = new FormData();
        body.append('file', file, file.name);
        xhr.send(body);
      }),
  );

let nextKey = 0;

/**
 * The photos being sent for one site: one at a time in the order chosen (the first photo is the cover),
 * each with its progress; a failed one stays with its message and a retry. `onUploaded` runs after each.
 */
export function useUploadQueue(
  siteId: number | null,
  onUploaded: () => void,
  uploader: Uploader = uploadPhoto,
) {
  const [items, dispatch] = useReducer(queueReducer, []);
  const busy = useRef(false);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  useEffect(() => {
    if (busy.current || siteId === null) return;
    const next = items.find((i) => i.status === 'queued');
    if (!next) return;
    busy.current = true;
    dispatch({ type: 'start', key: next.key });
    uploader(siteId, next.file, (progress) => dispatch({ type: 'progress', key: next.key, progress }))
      .then(() => {
        dispatch({ type: 'done', key: next.key });
        onUploadedRef.current();
      })
      .catch((err: unknown) =>
        dispatch({
          type: 'fail',
          key: next.key,
          error: err instanceof Error ? err.message : 'The upload failed.',
        }),
      )
      .finally(() => {
        busy.current = false;
        // Wake the effect for the next file: a no-op progress change re-renders.
        dispatch({ type: 'progress', key: next.key, progress: 0 });
      });
  }, [items, siteId, uploader]);

  const add = useCallback((files: File[]) => {
    dispatch({
      type: 'add',
      items: files.map((file) => ({ key: `u${++nextKey}`, file, status: 'queued', progress: 0 })),
    });
  }, []);
  const retry = useCallback((key: string) => dispatch({ type: 'retry', key }), []);
  const dismiss = useCallback((key: string) => dispatch({ type: 'dismiss', key }), []);
  const active = items.filter((i) => i.status === 'queued' || i.status === 'uploading').length;
  return { items, add, retry, dismiss, active };
}
