// Customers as the REST API gives them, for this feature's component tests. The handlers
// only answer the shapes supabase-js asks for; the rules behind them live in Postgres.
import { http, HttpResponse } from 'msw';
import { functionsUrl, restUrl, SUPABASE_URL } from '@tests/setup/supabase-mocks';
import type { BankDetails, Customer } from './api/customer-schema';

export const customersUrl = restUrl('/customers');
export const bankAccountsUrl = restUrl('/customer_bank_accounts');
export const storageUrl = (path: string) => `${SUPABASE_URL}/storage/v1${path}`;

let n = 0;

export function customerRow(overrides: Partial<Customer> = {}): Customer {
  n += 1;
  const id = `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    name: `Customer ${n}`,
    username: `customer${n}`,
    email: `customer${n}@example.com`,
    location: `${n} Main Street`,
    location_photo: null,
    contact_phone: null,
    note: null,
    notes: null,
    about_business: null,
    signup_date: null,
    installation_date: null,
    agreement_file: null,
    status: 'active',
    display_type: 'Digital Display',
    monthly_fee: null,
    time_zone: 'America/New_York',
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    user_id: null,
    fallback_image_path: null,
    locale: 'en',
    ...overrides,
  };
}

export interface Recorded {
  /** Query strings of the list requests (GET without id=eq.). */
  lists: URLSearchParams[];
}

/**
 * Answers reads of /rest/v1/customers from `rows`: HEAD counts (status=eq.x honoured),
 * the paged list (offset/limit honoured, Content-Range with the total) and one by id.
 * Search and status of the list are recorded, not applied: a test gives the rows the
 * server would return. Bank details come from `bank` by customer id (none: no row, as the
 * database answers a reader who may not see them).
 */
export function customersRead(
  rows: Customer[],
  recorded: Recorded = { lists: [] },
  bank: Record<string, BankDetails> = {},
) {
  return [
    http.get(bankAccountsUrl, ({ request }) => {
      const id = new URL(request.url).searchParams.get('customer_id')?.replace(/^eq\./, '') ?? '';
      return HttpResponse.json(bank[id] ? [{ ...bank[id] }] : []);
    }),
    http.head(customersUrl, ({ request }) => {
      const status = new URL(request.url).searchParams.get('status')?.replace(/^eq\./, '');
      const count = status ? rows.filter((r) => r.status === status).length : rows.length;
      return new HttpResponse(null, { status: 200, headers: { 'Content-Range': `*/${count}` } });
    }),
    http.get(customersUrl, ({ request }) => {
      const params = new URL(request.url).searchParams;
      const id = params.get('id');
      if (id) return HttpResponse.json(rows.filter((r) => `eq.${r.id}` === id));
      recorded.lists.push(params);
      const offset = Number(params.get('offset') ?? 0);
      const limit = Number(params.get('limit') ?? rows.length);
      const page = rows.slice(offset, offset + limit);
      const range = page.length ? `${offset}-${offset + page.length - 1}/${rows.length}` : `*/${rows.length}`;
      return HttpResponse.json(page, { headers: { 'Content-Range': range } });
    }),
  ];
}

/** A PostgREST error body. */
export function postgrestError(status: number, code: string, message: string, details: string | null = null) {
  return HttpResponse.json({ code, message, details, hint: null }, { status });
}

/** Calls to the customer-login edge function (make and link a login, or change its e-mail). */
export const customerLoginUrl = functionsUrl('customer-login');

/** Answers customer-login as the server does when it succeeds, recording each body. */
export function customerLoginOk(calls: Record<string, unknown>[] = []) {
  return http.post(customerLoginUrl, async ({ request }) => {
    const body = (await request.json()) as { customerId: string; email?: string };
    calls.push(body);
    return HttpResponse.json({
      customer: { id: body.customerId, email: body.email ?? 'x@example.com', user_id: 'u-1' },
    });
  });
}
