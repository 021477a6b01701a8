import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@tests/setup/render';
import { ListToolbar, SearchField, StatusFilterSelect } from '@/components/lists/list-toolbar';
import { useListSearchParams, withParams } from './use-list-search-params';

const STATUSES = ['active', 'paused'] as const;

function Harness() {
  const { searchText, setSearchText, search, status, setStatus, page, setPage } = useListSearchParams(STATUSES);
  return (
    <>
      <ListToolbar>
        <SearchField id="search" label="Search things" value={searchText} onValueChange={setSearchText} />
        <StatusFilterSelect id="status" statuses={STATUSES} value={status} onValueChange={setStatus} />
      </ListToolbar>
      <output>{`search=${search} status=${status} page=${page}`}</output>
      <button type="button" onClick={() => setPage(page + 1)}>
        Next
      </button>
      <button type="button" onClick={() => setPage(0)}>
        First
      </button>
    </>
  );
}

function renderHarness(url: string) {
  return renderRoutes([{ path: '/things', element: <Harness /> }], { url });
}

const state = () => screen.getByRole('status').textContent;

describe('useListSearchParams', () => {
  it('reads search, status and page from the address, ignoring unknown statuses and bad pages', () => {
    renderHarness('/things?q=cafe&status=paused&page=2');
    expect(state()).toBe('search=cafe status=paused page=2');
    expect(screen.getByLabelText('Search things')).toHaveValue('cafe');
    expect(screen.getByLabelText('Status')).toHaveValue('paused');
  });

  it('reads an unknown status as all and a bad page as the first', () => {
    renderHarness('/things?status=deleted&page=-3');
    expect(state()).toBe('search= status=all page=0');
    renderHarness('/things?page=abc');
    expect(screen.getAllByRole('status').at(-1)).toHaveTextContent('page=0');
  });

  it('puts the settled, trimmed search in the address, replacing the entry and starting at page 1', async () => {
    const { user, router } = renderHarness('/things?page=3&status=active');
    await user.type(screen.getByLabelText('Search things'), '  sun ');
    // Typing shows at once; the address waits for the pause.
    expect(screen.getByLabelText('Search things')).toHaveValue('  sun ');
    await waitFor(() => expect(state()).toBe('search=sun status=active page=0'));
    expect(router.state.location.search).toBe('?status=active&q=sun');
    expect(router.state.historyAction).toBe('REPLACE');

    await user.clear(screen.getByLabelText('Search things'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=active'));
  });

  it('sets the status (all removes it) and the page, a new status starting at page 1', async () => {
    const { user, router } = renderHarness('/things');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(router.state.historyAction).toBe('PUSH');

    await user.selectOptions(screen.getByLabelText('Status'), 'paused');
    expect(router.state.location.search).toBe('?status=paused');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'First' }));
    expect(router.state.location.search).toBe('?status=paused');
    await user.selectOptions(screen.getByLabelText('Status'), 'all');
    expect(router.state.location.search).toBe('');
  });
});

describe('withParams', () => {
  it('sets the given keys, removes null or empty ones and leaves the original alone', () => {
    const params = new URLSearchParams('q=a&page=2&x=1');
    const next = withParams(params, { q: 'b', page: null, status: '', sort: 'name' });
    expect(next.toString()).toBe('q=b&x=1&sort=name');
    expect(params.toString()).toBe('q=a&page=2&x=1');
  });
});
