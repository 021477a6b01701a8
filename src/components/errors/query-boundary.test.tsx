import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bothQueries, QueryBoundary, type BoundaryQuery } from './query-boundary';

interface Venue {
  name: string;
}

function query<T>(overrides: Partial<BoundaryQuery<T>>): BoundaryQuery<T> {
  return {
    data: undefined,
    isPending: false,
    isError: false,
    error: null,
    isRefetching: false,
    refetch: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
}

function renderVenue(
  q: BoundaryQuery<Venue | null>,
  error: Parameters<typeof QueryBoundary>[0]['error'] = 'Could not load the venue',
) {
  return render(
    <QueryBoundary query={q} loading={<p>Loading venue</p>} error={error} notFound={<h2>Venue not found</h2>}>
      {(venue) => <h1>{venue.name}</h1>}
    </QueryBoundary>,
  );
}

describe('QueryBoundary', () => {
  it('shows the loading state while the first read runs', () => {
    renderVenue(query({ isPending: true }));
    expect(screen.getByText('Loading venue')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('shows a failure with its heading, its message and a retry that reads again', async () => {
    const user = userEvent.setup();
    const q = query<Venue | null>({ isError: true, error: new Error('database is down'), data: { name: 'Kept' } });
    renderVenue(q);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the venue');
    expect(screen.getByRole('alert')).toHaveTextContent('database is down');
    expect(screen.queryByText('Kept')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(q.refetch).toHaveBeenCalledOnce();
  });

  it('marks the retry busy while it runs', () => {
    renderVenue(query({ isError: true, error: 'timeout', isRefetching: true }));
    expect(screen.getByRole('button', { name: /Try again/ })).toBeDisabled();
  });

  it('lets a screen show a failure its own way', async () => {
    const user = userEvent.setup();
    const q = query<Venue | null>({ isError: true, error: new Error('offline') });
    renderVenue(q, ({ error, retry, retrying }) => (
      <button type="button" onClick={retry} aria-busy={retrying}>
        Reconnect ({error instanceof Error ? error.message : ''})
      </button>
    ));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reconnect (offline)' }));
    expect(q.refetch).toHaveBeenCalledOnce();
  });

  it('says so when the read found no record, else shows it', () => {
    const { unmount } = renderVenue(query({ data: null }));
    expect(screen.getByRole('heading', { name: 'Venue not found' })).toBeInTheDocument();
    unmount();
    renderVenue(query({ data: { name: 'Corner Cafe' } }));
    expect(screen.getByRole('heading', { name: 'Corner Cafe' })).toBeInTheDocument();
    expect(screen.queryByText('Venue not found')).not.toBeInTheDocument();
  });
});

describe('bothQueries', () => {
  const renderPair = (q: BoundaryQuery<[string, string[]]>) =>
    render(
      <QueryBoundary query={q} loading={<p>Loading campaign</p>} error="Could not load the campaign">
        {([name, slides]) => (
          <p>
            {name}: {slides.join(', ')}
          </p>
        )}
      </QueryBoundary>,
    );

  it('loads while either read loads, even when the other failed', () => {
    const { unmount } = renderPair(bothQueries(query({ data: 'Summer' }), query<string[]>({ isPending: true })));
    expect(screen.getByText('Loading campaign')).toBeInTheDocument();
    unmount();
    renderPair(bothQueries(query<string>({ isError: true, error: 'gone' }), query<string[]>({ isPending: true })));
    expect(screen.getByText('Loading campaign')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('fails with the first failure, and a retry reads both again', async () => {
    const user = userEvent.setup();
    const a = query<string>({ data: 'Summer' });
    const b = query<string[]>({ isError: true, error: new Error('slides are unavailable') });
    renderPair(bothQueries(a, b));
    expect(screen.getByRole('alert')).toHaveTextContent('slides are unavailable');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(a.refetch).toHaveBeenCalledOnce();
    expect(b.refetch).toHaveBeenCalledOnce();
  });

  it('gives both reads’ data together', () => {
    renderPair(bothQueries(query({ data: 'Summer' }), query({ data: ['Beach', 'Ice cream'] })));
    expect(screen.getByText('Summer: Beach, Ice cream')).toBeInTheDocument();
  });
});
