import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListContent, type ListQuery } from './list-content';

function query(overrides: Partial<ListQuery<string[]>>): ListQuery<string[]> {
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

function renderContent(q: ListQuery<string[]>) {
  return render(
    <ListContent
      query={q}
      loading={<p>Loading rows</p>}
      errorTitle="Rows could not be loaded"
      isEmpty={(data) => data.length === 0}
      empty={<p>No rows yet</p>}
    >
      {(data) => (
        <ul aria-label="Rows">
          {data.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </ListContent>,
  );
}

describe('ListContent', () => {
  it('shows the loading state while the first read runs', () => {
    renderContent(query({ isPending: true }));
    expect(screen.getByText('Loading rows')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows the error with a retry that reads again, even when older rows are kept', async () => {
    const user = userEvent.setup();
    const q = query({ isError: true, error: new Error('database is down'), data: ['kept'] });
    renderContent(q);
    expect(screen.getByRole('alert')).toHaveTextContent('Rows could not be loaded');
    expect(screen.getByRole('alert')).toHaveTextContent('database is down');
    expect(screen.queryByText('kept')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(q.refetch).toHaveBeenCalledOnce();
  });

  it('marks the retry busy while it runs', () => {
    renderContent(query({ isError: true, error: 'timeout', isRefetching: true }));
    expect(screen.getByRole('button', { name: /Try again/ })).toBeDisabled();
  });

  it('shows the empty state when there are no rows, else the rows', () => {
    const { unmount } = renderContent(query({ data: [] }));
    expect(screen.getByText('No rows yet')).toBeInTheDocument();
    unmount();
    renderContent(query({ data: ['one', 'two'] }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['one', 'two']);
    expect(screen.queryByText('No rows yet')).not.toBeInTheDocument();
  });
});
