import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useBackgroundInfiniteQuery, useBackgroundQuery } from './use-background-query';

afterEach(cleanup);

/** A promise the test settles by hand, one per key asked for. */
function answers() {
  const pending = new Map<string, (value: string) => void>();
  const asked: string[] = [];
  return {
    asked,
    fetch: (key: string) =>
      new Promise<string>((resolve) => {
        asked.push(key);
        pending.set(key, resolve);
      }),
    answer: async (key: string, value: string) => {
      await act(async () => pending.get(key)?.(value));
    },
  };
}

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });

describe('useBackgroundQuery', () => {
  it("shows the loading state, then the answer, and a new key's loading state in the render that asked", async () => {
    const server = answers();
    function Page() {
      const [key, setKey] = useState('a');
      const q = useBackgroundQuery({ queryKey: ['t', key], queryFn: () => server.fetch(key) });
      return (
        <>
          <p>{q.isPending ? 'loading' : q.data}</p>
          <button type="button" onClick={() => setKey('b')}>
            next
          </button>
        </>
      );
    }
    render(
      <QueryClientProvider client={client()}>
        <Page />
      </QueryClientProvider>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await server.answer('a', 'first');
    expect(await screen.findByText('first')).toBeTruthy();

    fireEvent.click(screen.getByText('next'));
    expect(screen.getByText('loading')).toBeTruthy();
    await server.answer('b', 'second');
    expect(await screen.findByText('second')).toBeTruthy();
    expect(server.asked).toEqual(['a', 'b']);
  });

  it('renders a page hydrated with its data once: subscribing asks nothing and renders nothing again', async () => {
    const server = answers();
    let renders = 0;
    function Page() {
      renders += 1;
      const q = useBackgroundQuery({
        queryKey: ['rendered'],
        queryFn: () => server.fetch('rendered'),
        initialData: 'from the server',
        staleTime: Number.POSITIVE_INFINITY,
      });
      return <p>{q.data}</p>;
    }
    render(
      <QueryClientProvider client={client()}>
        <Page />
      </QueryClientProvider>,
    );
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(screen.getByText('from the server')).toBeTruthy();
    expect(server.asked).toEqual([]);
    expect(renders).toBe(1);
  });

  it('shows what another part of the app puts in the cache', async () => {
    const qc = client();
    const server = answers();
    function Page() {
      const q = useBackgroundQuery({ queryKey: ['early'], queryFn: () => server.fetch('early') });
      return <p>{q.data ?? 'nothing yet'}</p>;
    }
    render(
      <QueryClientProvider client={qc}>
        <Page />
      </QueryClientProvider>,
    );
    expect(screen.getByText('nothing yet')).toBeTruthy();
    act(() => qc.setQueryData(['early'], 'set elsewhere'));
    expect(await screen.findByText('set elsewhere')).toBeTruthy();
  });
});

describe('useBackgroundInfiniteQuery', () => {
  it('appends the next page when asked', async () => {
    const server = answers();
    function List() {
      const q = useBackgroundInfiniteQuery({
        queryKey: ['pages'],
        queryFn: ({ pageParam }) => server.fetch(`page ${pageParam}`),
        initialPageParam: 1,
        getNextPageParam: (_last, all) => (all.length < 2 ? all.length + 1 : undefined),
      });
      return (
        <>
          <p>{q.data ? q.data.pages.join(', ') : 'loading'}</p>
          <button type="button" disabled={!q.hasNextPage} onClick={() => void q.fetchNextPage()}>
            more
          </button>
        </>
      );
    }
    render(
      <QueryClientProvider client={client()}>
        <List />
      </QueryClientProvider>,
    );
    await server.answer('page 1', 'one');
    expect(await screen.findByText('one')).toBeTruthy();
    fireEvent.click(screen.getByText('more'));
    await server.answer('page 2', 'two');
    expect(await screen.findByText('one, two')).toBeTruthy();
    expect((screen.getByText('more') as HTMLButtonElement).disabled).toBe(true);
  });
});
