import { SITE_PHOTO_MAX_BYTES } from '@ooh/shared';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { acceptFiles, photoFileProblem, queueReducer, type Uploader, useUploadQueue } from './upload-queue';

const file = (name: string, type = 'image/jpeg', size = 1000) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('photo checks before upload', () => {
  it('takes JPEG, PNG and WebP up to 10 MB; names the file and the problem otherwise', () => {
    expect(photoFileProblem(file('a.jpg'))).toBeNull();
    expect(photoFileProblem(file('a.png', 'image/png'))).toBeNull();
    expect(photoFileProblem(file('a.webp', 'image/webp', SITE_PHOTO_MAX_BYTES))).toBeNull();
    expect(photoFileProblem(file('a.gif', 'image/gif'))).toBe('a.gif is not a JPEG, PNG or WebP photo.');
    expect(photoFileProblem(file('a.heic', ''))).toMatch(/not a JPEG/);
    expect(photoFileProblem(file('big.jpg', 'image/jpeg', SITE_PHOTO_MAX_BYTES + 1))).toBe(
      'big.jpg is 10.0 MB; a photo can be at most 10 MB.',
    );
    expect(photoFileProblem(file('empty.jpg', 'image/jpeg', 0))).toBe('empty.jpg is empty.');
  });

  it('keeps at most the room left and says which files were not added', () => {
    const { accepted, rejected } = acceptFiles(
      [file('1.jpg'), file('bad.txt', 'text/plain'), file('2.jpg'), file('3.jpg')],
      2,
    );
    expect(accepted.map((f) => f.name)).toEqual(['1.jpg', '2.jpg']);
    expect(rejected).toEqual([
      'bad.txt is not a JPEG, PNG or WebP photo.',
      '3.jpg was not added: a site has at most 12 photos.',
    ]);
  });
});

describe('queueReducer', () => {
  const item = { key: 'k', file: file('a.jpg'), status: 'queued' as const, progress: 0 };
  it('moves a photo through start, progress, fail, retry and done; progress never goes back', () => {
    let s = queueReducer([], { type: 'add', items: [item] });
    s = queueReducer(s, { type: 'start', key: 'k' });
    s = queueReducer(s, { type: 'progress', key: 'k', progress: 40.4 });
    s = queueReducer(s, { type: 'progress', key: 'k', progress: 10 });
    expect(s[0]).toMatchObject({ status: 'uploading', progress: 40 });
    s = queueReducer(s, { type: 'fail', key: 'k', error: 'Too big' });
    expect(s[0]).toMatchObject({ status: 'error', error: 'Too big' });
    s = queueReducer(s, { type: 'retry', key: 'k' });
    expect(s[0]).toMatchObject({ status: 'queued', progress: 0, error: undefined });
    s = queueReducer(s, { type: 'done', key: 'k' });
    expect(s[0]).toMatchObject({ status: 'done', progress: 100 });
    expect(queueReducer(s, { type: 'dismiss', key: 'k' })).toEqual([]);
  });
});

describe('useUploadQueue', () => {
  it('sends one file at a time in the order chosen, reports progress, keeps a failure for retry', async () => {
    const calls: string[] = [];
    const pending: Array<{
      name: string;
      progress(p: number): void;
      resolve(): void;
      reject(e: Error): void;
    }> = [];
    const uploader: Uploader = (_siteId, f, onProgress) =>
      new Promise((resolve, reject) => {
        calls.push(f.name);
        pending.push({ name: f.name, progress: onProgress, resolve, reject });
      });
    const onUploaded = vi.fn();
    const { result } = renderHook(() => useUploadQueue(7, onUploaded, uploader));
    act(() => result.current.add([file('1.jpg'), file('2.jpg')]));
    await waitFor(() => expect(calls).toEqual(['1.jpg']));
    expect(result.current.active).toBe(2);
    act(() => pending[0].progress(50));
    expect(result.current.items[0]).toMatchObject({ status: 'uploading', progress: 50 });
    await act(async () => pending[0].reject(new Error('The photo could not be read.')));
    await waitFor(() => expect(calls).toEqual(['1.jpg', '2.jpg']));
    expect(result.current.items[0]).toMatchObject({ status: 'error', error: 'The photo could not be read.' });
    await act(async () => pending[1].resolve());
    await waitFor(() => expect(result.current.items[1].status).toBe('done'));
    expect(onUploaded).toHaveBeenCalledTimes(1);
    act(() => result.current.retry(result.current.items[0].key));
    await waitFor(() => expect(calls).toEqual(['1.jpg', '2.jpg', '1.jpg']));
    await act(async () => pending[2].resolve());
    await waitFor(() => expect(result.current.active).toBe(0));
    expect(onUploaded).toHaveBeenCalledTimes(2);
  });

  it('waits while the site does not exist yet', async () => {
    const uploader = vi.fn<Uploader>(async () => {});
    const { result, rerender } = renderHook(({ id }) => useUploadQueue(id, () => {}, uploader), {
      initialProps: { id: null as number | null },
    });
    act(() => result.current.add([file('1.jpg')]));
    expect(uploader).not.toHaveBeenCalled();
    rerender({ id: 3 });
    await waitFor(() => expect(uploader).toHaveBeenCalledTimes(1));
    expect(uploader.mock.calls[0][0]).toBe(3);
  });
});
