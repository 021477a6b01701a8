import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@tests/setup/render';
import { withParams } from './use-list-search-params';
import { useSearchParamsLatest } from './use-search-params-latest';

function Harness() {
  const [params, setParams] = useSearchParamsLatest();
  return (
    <>
      <output>{params.toString()}</output>
      {/* Two changes before the page renders again: a period applied, then a venue picked. */}
      <button
        type="button"
        onClick={() => {
          setParams((p) => withParams(p, { period: 'custom', from: '2026-11-27', to: '2026-11-27' }));
          setParams((p) => withParams(p, { venue: 'v1' }));
        }}
      >
        Both
      </button>
      <button type="button" onClick={() => setParams((p) => withParams(p, { venue: null }))}>
        No venue
      </button>
    </>
  );
}

describe('useSearchParamsLatest', () => {
  it('keeps a change made before the one before it has rendered', async () => {
    const { user, router } = renderRoutes([{ path: '/reports', element: <Harness /> }], {
      url: '/reports?period=7d&group=campaign',
    });
    await user.click(screen.getByRole('button', { name: 'Both' }));
    expect(router.state.location.search).toBe('?period=custom&group=campaign&from=2026-11-27&to=2026-11-27&venue=v1');
    expect(screen.getByRole('status')).toHaveTextContent(
      'period=custom&group=campaign&from=2026-11-27&to=2026-11-27&venue=v1',
    );
  });

  it('builds on the address again after back', async () => {
    const { user, router } = renderRoutes([{ path: '/reports', element: <Harness /> }], {
      url: '/reports?venue=v0',
    });
    await user.click(screen.getByRole('button', { name: 'Both' }));
    // Back past both entries the two changes made.
    await act(() => router.navigate(-2));
    expect(screen.getByRole('status')).toHaveTextContent(/^venue=v0$/);
    await user.click(screen.getByRole('button', { name: 'No venue' }));
    expect(router.state.location.search).toBe('');
  });
});
