import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalStore } from './local-store';

const KEY = 'local-store-test';

afterEach(() => localStorage.clear());

describe('a store kept in browser storage', () => {
  it('keeps the object its readers have, and tells nobody, when the same content is set again', () => {
    const store = createLocalStore<{ names: string[] }>(KEY, () => ({ names: [] }));
    const listener = vi.fn();
    store.subscribe(listener);
    store.set({ names: ['Andheri'] });
    expect(listener).toHaveBeenCalledTimes(1);
    const read = store.get();
    store.set((prev) => ({ names: [...prev.names] }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get()).toBe(read);
    store.set({ names: ['Andheri', 'Bandra'] });
    expect(listener).toHaveBeenCalledTimes(2);
    expect(JSON.parse(localStorage.getItem(KEY) ?? 'null')).toEqual({ names: ['Andheri', 'Bandra'] });
  });

  it("writes a value again over another tab's change, though it equals what this tab last had", () => {
    const store = createLocalStore<{ names: string[] }>(KEY, () => ({ names: [] }));
    store.set({ names: ['Andheri'] });
    localStorage.setItem(KEY, JSON.stringify({ names: ['Colaba'] }));
    store.set({ names: ['Andheri'] });
    expect(JSON.parse(localStorage.getItem(KEY) ?? 'null')).toEqual({ names: ['Andheri'] });
    expect(store.get()).toEqual({ names: ['Andheri'] });
  });

  it('reads an empty storage as the very value the server rendered with', () => {
    const store = createLocalStore<{ names: string[] }>(KEY, () => ({ names: [] }));
    expect(store.get()).toBe(store.getServerSnapshot());
  });
});
