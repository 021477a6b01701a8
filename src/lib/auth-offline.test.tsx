import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { onUserRole, restUrl } from '@tests/setup/supabase-mocks';
import { userRoleQueryOptions } from './auth';

const USER = 'a0000000-0000-4000-8000-000000000002';

const fetchRole = () => new QueryClient().fetchQuery({ ...userRoleQueryOptions(USER), retry: false });

describe('the role of a screen restarting without a network', () => {
  it('is the role last read on this device', async () => {
    server.use(onUserRole('customer'));
    await expect(fetchRole()).resolves.toBe('customer');
    server.use(http.get(restUrl('/users'), () => HttpResponse.error()));
    await expect(fetchRole()).resolves.toBe('customer');
  }, 20_000);

  it('is an error when none was read before', async () => {
    server.use(http.get(restUrl('/users'), () => HttpResponse.error()));
    await expect(fetchRole()).rejects.toThrow();
  }, 20_000);

  it('is an error when the server answers with one', async () => {
    server.use(onUserRole('customer'));
    await fetchRole();
    server.use(
      http.get(restUrl('/users'), () =>
        HttpResponse.json(
          { code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned' },
          { status: 406 },
        ),
      ),
    );
    await expect(fetchRole()).rejects.toThrow('JSON object requested');
  });
});
