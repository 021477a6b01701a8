import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { advance, settle } from '@tests/setup/fake-time';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, onUserRole, storeSession } from '@tests/setup/supabase-mocks';
import {
  bankAccountsUrl,
  customerLoginOk,
  customerLoginUrl,
  customerRow,
  customersRead,
  customersUrl,
  postgrestError,
  storageUrl,
} from '../customer-fixtures';
import { CustomerAddRoute } from '../routes/customer-add';
import { CustomerEditRoute } from '../routes/customer-edit';

function renderForm(url = '/dashboard/customers/add') {
  return renderRoutes(
    [
      { path: '/dashboard/customers', element: <h1>Customers list</h1> },
      { path: '/dashboard/customers/add', element: <CustomerAddRoute /> },
      { path: '/dashboard/customers/edit/:id', element: <CustomerEditRoute /> },
    ],
    { url },
  );
}

type User = ReturnType<typeof renderForm>['user'];

/** The first bytes of a PNG file. */
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

async function fillRequired(user: User, email = 'new@example.com') {
  await user.type(screen.getByLabelText('Name *'), 'Harbour Bakery');
  await user.type(screen.getByLabelText('Username *'), 'harbourbakery');
  await user.type(screen.getByLabelText('Email *'), email);
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('customer form', () => {
  it('requires name, username and a valid e-mail, and a fee of 0 or more', async () => {
    let posted = false;
    server.use(http.post(customersUrl, () => ((posted = true), HttpResponse.json({}))));
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add Customer' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name *')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Email *'), 'not-an-email');
    await user.type(screen.getByLabelText('Monthly fee ($)'), '-5');
    await user.click(screen.getByRole('button', { name: 'Add Customer' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Monthly fee must be a number of 0 or more')).toBeInTheDocument();
    expect(posted).toBe(false);
  });

  it("adds a customer (active, 'Digital Display'), reads 'Saving...' meanwhile, then returns to the list after 1.5 s", async () => {
    let body: Record<string, unknown> = {};
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const logins: Record<string, unknown>[] = [];
    server.use(
      customerLoginOk(logins),
      http.post(customersUrl, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        await held;
        return HttpResponse.json({ ...customerRow(), ...body }, { status: 201 });
      }),
      ...customersRead([]),
    );
    const { user, router } = renderForm();
    expect(screen.getByLabelText('Display type')).toHaveValue('Digital Display');
    expect(screen.getByLabelText('Status')).toHaveValue('active');
    expect(screen.getByLabelText('Time zone')).toHaveValue('America/New_York');
    await fillRequired(user);
    await user.type(screen.getByLabelText('Location'), 'Quay 3');
    await user.type(screen.getByLabelText('Monthly fee ($)'), '149.5');
    await user.type(screen.getByLabelText('Signup date'), '2026-11-01');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Add Customer' }));
    await settle(() => expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled());
    release();
    await settle(() => expect(screen.getByRole('status')).toHaveTextContent('Customer added successfully!'));

    expect(body).toMatchObject({
      name: 'Harbour Bakery',
      username: 'harbourbakery',
      email: 'new@example.com',
      location: 'Quay 3',
      monthly_fee: 149.5,
      signup_date: '2026-11-01',
      installation_date: null,
      notes: null,
      status: 'active',
      display_type: 'Digital Display',
      location_photo: null,
      agreement_file: null,
      time_zone: 'America/New_York',
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    // The server makes the customer's login and links it to the new row.
    expect(logins).toEqual([{ customerId: body.id }]);

    await advance(1499);
    expect(router.state.location.pathname).toBe('/dashboard/customers/add');
    await advance(1);
    await settle(() => expect(screen.getByRole('heading', { name: 'Customers list' })).toBeInTheDocument());
  });

  it('shows an e-mail another customer has at the Email field, not the database message, and keeps what was typed', async () => {
    server.use(
      http.post(customersUrl, () =>
        postgrestError(
          409,
          '23505',
          'duplicate key value violates unique constraint "customers_email_unique_idx"',
          'Key (lower(email))=(cafe@example.com) already exists.',
        ),
      ),
    );
    const { user, router } = renderForm();
    await fillRequired(user, 'CAFE@example.com');
    await user.type(screen.getByLabelText('Notes'), 'Call before visiting');
    await user.click(screen.getByRole('button', { name: 'Add Customer' }));

    // The taken address is marked at the field, which gets the focus.
    expect(await screen.findByText('Another customer already uses this e-mail')).toBeInTheDocument();
    expect(screen.getByLabelText('Email *')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email *')).toHaveAccessibleDescription(/Another customer already uses this e-mail/);
    expect(screen.getByLabelText('Email *')).toHaveFocus();
    expect(screen.queryByText(/duplicate key value/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name *')).toHaveValue('Harbour Bakery');
    expect(screen.getByLabelText('Email *')).toHaveValue('CAFE@example.com');
    expect(screen.getByLabelText('Notes')).toHaveValue('Call before visiting');
    expect(screen.getByRole('button', { name: 'Add Customer' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/dashboard/customers/add');
  });

  it('refuses a phone that is not one, an installation before the signup, a fee like 1e3 and a 5,000-character username', async () => {
    let posted = false;
    server.use(http.post(customersUrl, () => ((posted = true), HttpResponse.json({}))));
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Name *'), 'Harbour Bakery');
    fireEvent.change(screen.getByLabelText('Username *'), { target: { value: 'u'.repeat(5000) } });
    await user.type(screen.getByLabelText('Email *'), 'harbour@example.com');
    await user.type(screen.getByLabelText('Contact phone'), 'abc-not-a-phone');
    fireEvent.change(screen.getByLabelText('Signup date'), { target: { value: '2026-05-10' } });
    fireEvent.change(screen.getByLabelText('Installation date'), { target: { value: '2026-05-01' } });
    fireEvent.change(screen.getByLabelText('Monthly fee ($)'), { target: { value: '1e3' } });
    await user.click(screen.getByRole('button', { name: 'Add Customer' }));
    expect(await screen.findByText('Username must be at most 100 characters')).toBeInTheDocument();
    expect(screen.getByText('Enter a phone number such as +1 212 555 0142')).toBeInTheDocument();
    expect(screen.getByText('The installation date cannot be before the signup date')).toBeInTheDocument();
    expect(screen.getByText('Write the monthly fee as an amount such as 149 or 149.50')).toBeInTheDocument();
    expect(posted).toBe(false);
  });

  it('takes the new row back when its login cannot be made, and keeps what was typed', async () => {
    let inserted: string | null = null;
    let deleted: string | null = null;
    server.use(
      http.post(customersUrl, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        inserted = body.id as string;
        return HttpResponse.json({ ...customerRow(), ...body }, { status: 201 });
      }),
      http.post(customerLoginUrl, () =>
        HttpResponse.json(
          { error: "This e-mail is an admin's sign-in; use another address for the customer" },
          { status: 409 },
        ),
      ),
      http.delete(customersUrl, ({ request }) => {
        deleted = new URL(request.url).searchParams.get('id');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router } = renderForm();
    await fillRequired(user, 'admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Add Customer' }));

    expect(
      await screen.findByText("This e-mail is an admin's sign-in; use another address for the customer"),
    ).toBeInTheDocument();
    expect(deleted).toBe(`eq.${inserted}`);
    expect(screen.getAllByText("This e-mail is an admin's sign-in; use another address for the customer")).toHaveLength(
      1,
    );
    expect(screen.getByLabelText('Email *')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name *')).toHaveValue('Harbour Bakery');
    expect(router.state.location.pathname).toBe('/dashboard/customers/add');
  });

  it('uploads the location photo and agreement under the new id, and saves their paths', async () => {
    const uploads: string[] = [];
    let body: Record<string, unknown> = {};
    server.use(
      http.post(storageUrl('/object/customer-files/*'), ({ request }) => {
        const path = decodeURIComponent(new URL(request.url).pathname.replace(/^.*\/object\/customer-files\//, ''));
        uploads.push(path);
        return HttpResponse.json({ Id: 'x', Key: `customer-files/${path}` });
      }),
      http.post(customersUrl, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...customerRow(), ...body }, { status: 201 });
      }),
      customerLoginOk(),
    );
    const { user } = renderForm();
    await fillRequired(user);
    await user.upload(
      screen.getByLabelText('Location photo'),
      new File([PNG_BYTES], 'front.PNG', { type: 'image/png' }),
    );
    expect(await screen.findByText('Location photo uploaded successfully!')).toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('Agreement'),
      new File(['%PDF'], 'signed.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('Agreement uploaded successfully!')).toBeInTheDocument();

    expect(uploads).toHaveLength(2);
    const [photo, agreement] = uploads as [string, string];
    expect(photo).toMatch(/^[0-9a-f-]{36}\/front--\d+-[a-z0-9]{8}\.png$/);
    expect(agreement).toMatch(/^[0-9a-f-]{36}\/signed--\d+-[a-z0-9]{8}\.pdf$/);
    expect(photo.split('/')[0]).toBe(agreement.split('/')[0]);
    // The form shows the names the files were chosen by, not the generated ones.
    expect(screen.getByText('front.png')).toBeInTheDocument();
    expect(screen.getByText('signed.pdf')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Customer' }));
    expect(await screen.findByText('Customer added successfully!')).toBeInTheDocument();
    expect(body).toMatchObject({ id: photo.split('/')[0], location_photo: photo, agreement_file: agreement });
  });

  it('refuses files of the wrong type before uploading, and reports a failed upload', async () => {
    let uploaded = 0;
    server.use(
      http.post(storageUrl('/object/customer-files/*'), () => {
        uploaded += 1;
        return HttpResponse.json(
          { statusCode: '413', error: 'Payload too large', message: 'The object exceeded the maximum allowed size' },
          { status: 413 },
        );
      }),
    );
    const { user } = renderForm();
    await user.upload(screen.getByLabelText('Agreement'), new File(['%PDF'], 'big.pdf', { type: 'application/pdf' }));
    expect(
      await screen.findByText('Failed to upload Agreement: The object exceeded the maximum allowed size'),
    ).toBeInTheDocument();
    expect(uploaded).toBe(1);

    // A browser's picker can be told to show all files, so the form checks the type itself
    // (fireEvent: user.upload would honour `accept` and never choose these).
    const choose = (label: string, file: File) =>
      fireEvent.change(screen.getByLabelText(label), { target: { files: { 0: file, length: 1, item: () => file } } });
    choose('Location photo', new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Location photo must be an image (JPG, PNG, GIF or WebP).')).toBeInTheDocument();
    choose('Agreement', new File([PNG_BYTES], 'scan.png', { type: 'image/png' }));
    expect(await screen.findByText('Agreement must be a PDF file.')).toBeInTheDocument();
    // A text file renamed .png: the browser calls it image/png, its bytes say otherwise.
    choose('Location photo', new File(['just some notes'], 'notes.png', { type: 'image/png' }));
    expect(
      await screen.findByText(
        'Location photo must be an image (JPG, PNG, GIF or WebP). notes.png is named like one, but it is not.',
      ),
    ).toBeInTheDocument();
    expect(uploaded).toBe(1);
  });

  it('edits a stored customer: its values to start with, then an update by id', async () => {
    const stored = customerRow({
      name: 'Corner Cafe',
      username: 'cornercafe',
      email: 'cafe@example.com',
      monthly_fee: 99,
      status: 'maintenance',
      display_type: 'Window Screen',
      notes: 'Back door code 1234',
    });
    let patch: { id: string | null; body: unknown } | null = null;
    server.use(
      ...customersRead([stored]),
      http.patch(customersUrl, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        patch = { id: new URL(request.url).searchParams.get('id'), body };
        return HttpResponse.json({ ...stored, ...body });
      }),
    );
    const { user } = renderForm(`/dashboard/customers/edit/${stored.id}`);
    expect(screen.getByRole('status')).toHaveTextContent('Loading customer...');
    expect(await screen.findByLabelText('Name *')).toHaveValue('Corner Cafe');
    expect(screen.getByLabelText('Monthly fee ($)')).toHaveValue(99);
    expect(screen.getByLabelText('Status')).toHaveValue('maintenance');
    expect(screen.getByLabelText('Display type')).toHaveValue('Window Screen');
    expect(screen.getByLabelText('Time zone')).toHaveValue('America/New_York');

    await user.clear(screen.getByLabelText('Notes'));
    await user.selectOptions(screen.getByLabelText('Time zone'), 'America/Chicago');
    await user.click(screen.getByRole('button', { name: 'Update Customer' }));
    expect(await screen.findByText('Customer updated successfully!')).toBeInTheDocument();
    expect(patch).toMatchObject({
      id: `eq.${stored.id}`,
      body: { name: 'Corner Cafe', notes: null, status: 'maintenance', monthly_fee: 99, time_zone: 'America/Chicago' },
    });
  });

  it("shows an admin the venue's bank details and saves them apart from the venue's row", async () => {
    storeSession(fakeUser('admin@example.com'));
    const stored = customerRow({ name: 'Corner Cafe', email: 'cafe@example.com' });
    const bank = { bank_name: 'First Bank', account_number: '123456789', routing_number: '021000021' };
    let patch: Record<string, unknown> | null = null;
    let upsert: unknown = null;
    server.use(
      onUserRole('admin'),
      ...customersRead([stored], undefined, { [stored.id]: bank }),
      http.patch(customersUrl, async ({ request }) => {
        patch = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...stored, ...patch });
      }),
      http.post(bankAccountsUrl, async ({ request }) => {
        upsert = await request.json();
        return new HttpResponse(null, { status: 201 });
      }),
    );
    const { user } = renderForm(`/dashboard/customers/edit/${stored.id}`);
    expect(await screen.findByLabelText('Account number')).toHaveValue('123456789');
    await user.clear(screen.getByLabelText('Bank name'));
    await user.type(screen.getByLabelText('Bank name'), 'Second Bank');
    await user.click(screen.getByRole('button', { name: 'Update Customer' }));
    expect(await screen.findByText('Customer updated successfully!')).toBeInTheDocument();
    expect(patch).not.toHaveProperty('account_number');
    expect(patch).toMatchObject({ name: 'Corner Cafe' });
    expect(upsert).toEqual({ customer_id: stored.id, ...bank, bank_name: 'Second Bank' });
  });

  it('shows no bank fields to an operator and saves the venue without them', async () => {
    storeSession(fakeUser('olivia@example.com'));
    const stored = customerRow({ name: 'Corner Cafe', email: 'cafe@example.com' });
    let patch: Record<string, unknown> | null = null;
    let roleRead = false;
    server.use(
      onUserRole(() => ((roleRead = true), HttpResponse.json({ role: 'operator' }))),
      ...customersRead([stored]),
      http.patch(customersUrl, async ({ request }) => {
        patch = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...stored, ...patch });
      }),
    );
    const { user } = renderForm(`/dashboard/customers/edit/${stored.id}`);
    expect(await screen.findByLabelText('Name *')).toHaveValue('Corner Cafe');
    await vi.waitFor(() => expect(roleRead).toBe(true));
    await user.type(screen.getByLabelText('Notes'), 'Side door');
    expect(screen.queryByLabelText('Account number')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Customer' }));
    // No request to customer_bank_accounts: msw would refuse one it has no handler for.
    expect(await screen.findByText('Customer updated successfully!')).toBeInTheDocument();
    expect(patch).toMatchObject({ name: 'Corner Cafe', notes: 'Side door' });
    expect(patch).not.toHaveProperty('bank_name');
  });

  it("changes the customer's sign-in e-mail with their e-mail, saying so before saving", async () => {
    const stored = customerRow({ name: 'Corner Cafe', email: 'cafe@example.com' });
    const logins: Record<string, unknown>[] = [];
    const order: string[] = [];
    server.use(
      ...customersRead([stored]),
      http.post(customerLoginUrl, async ({ request }) => {
        order.push('login');
        logins.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ customer: { id: stored.id, email: 'hello@cafe.example', user_id: 'u-1' } });
      }),
      http.patch(customersUrl, async ({ request }) => {
        order.push('row');
        return HttpResponse.json({ ...stored, ...((await request.json()) as Record<string, unknown>) });
      }),
    );
    const { user } = renderForm(`/dashboard/customers/edit/${stored.id}`);
    const email = await screen.findByLabelText('Email *');
    expect(email).toHaveAccessibleDescription('The customer signs in with this e-mail.');

    // Only the case changes: the same address, nothing to warn about.
    await user.clear(email);
    await user.type(email, 'CAFE@example.com');
    expect(email).toHaveAccessibleDescription('The customer signs in with this e-mail.');

    await user.clear(email);
    await user.type(email, 'hello@cafe.example');
    expect(email).toHaveAccessibleDescription(
      "Saving also changes this customer's sign-in e-mail from cafe@example.com to hello@cafe.example: they sign in with the new address from then on.",
    );
    await user.click(screen.getByRole('button', { name: 'Update Customer' }));
    expect(await screen.findByText('Customer updated successfully!')).toBeInTheDocument();
    expect(logins).toEqual([{ customerId: stored.id, email: 'hello@cafe.example' }]);
    expect(order).toEqual(['login', 'row']);
  });

  it('refuses an e-mail another customer has at the field, saving nothing', async () => {
    const stored = customerRow({ name: 'Corner Cafe', email: 'cafe@example.com' });
    let patched = false;
    server.use(
      ...customersRead([stored]),
      http.post(customerLoginUrl, () =>
        HttpResponse.json({ error: 'Another customer already uses this e-mail' }, { status: 409 }),
      ),
      http.patch(customersUrl, () => ((patched = true), HttpResponse.json(stored))),
    );
    const { user } = renderForm(`/dashboard/customers/edit/${stored.id}`);
    const email = await screen.findByLabelText('Email *');
    await user.clear(email);
    await user.type(email, 'gym@example.com');
    await user.type(screen.getByLabelText('Notes'), 'kept');
    await user.click(screen.getByRole('button', { name: 'Update Customer' }));

    expect(await screen.findByText('Another customer already uses this e-mail')).toBeInTheDocument();
    expect(screen.queryByText(/Failed to update customer/)).not.toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveValue('gym@example.com');
    expect(screen.getByLabelText('Notes')).toHaveValue(`${stored.notes ?? ''}kept`);
    expect(patched).toBe(false);
  });

  it('says so when the customer to edit does not exist, and shows a failed update', async () => {
    const stored = customerRow({ name: 'Corner Cafe' });
    server.use(
      ...customersRead([stored]),
      http.patch(customersUrl, () =>
        postgrestError(
          400,
          '23514',
          'new row for relation "customers" violates check constraint "customers_monthly_fee_not_negative"',
        ),
      ),
    );
    const { user, router } = renderForm('/dashboard/customers/edit/c0000000-0000-4000-8000-00000000ffff');
    expect(await screen.findByRole('heading', { name: 'Customer not found' })).toBeInTheDocument();

    await router.navigate(`/dashboard/customers/edit/${stored.id}`);
    await screen.findByLabelText('Name *');
    await user.click(screen.getByRole('button', { name: 'Update Customer' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Failed to update customer: new row for relation "customers" violates check constraint',
    );
    expect(within(document.body).getByLabelText('Name *')).toHaveValue('Corner Cafe');
  });
});

describe('customer form: the venue’s screen language', () => {
  it('saves the language chosen for the venue’s screens with the venue (English by default)', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      customerLoginOk(),
      http.post(customersUrl, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...customerRow(), ...body }, { status: 201 });
      }),
    );
    const { user } = renderForm();
    await fillRequired(user);
    const language = screen.getByLabelText('Screen language');
    expect(language).toHaveValue('en');
    expect(language).toHaveAccessibleDescription(
      "The language of this venue's screens: the texts its walls show themselves, and its dynamic slides.",
    );
    await user.selectOptions(language, 'Deutsch');
    await user.click(screen.getByRole('button', { name: 'Add Customer' }));
    expect(await screen.findByText('Customer added successfully!')).toBeInTheDocument();
    expect(body).toMatchObject({ name: 'Harbour Bakery', locale: 'de' });
  });

  it('speaks Spanish: labels, the messages of the checks and the currency’s sign', async () => {
    const { i18n } = await import('@/i18n');
    await i18n.changeLanguage('es');
    const stored = customerRow({ name: 'Corner Cafe', email: 'cafe@example.com', monthly_fee: 99, locale: 'es' });
    server.use(...customersRead([stored]));
    const { user } = renderForm(`/dashboard/customers/edit/${stored.id}`);
    expect(await screen.findByLabelText('Nombre *')).toHaveValue('Corner Cafe');
    expect(screen.getByLabelText('Idioma de las pantallas')).toHaveValue('es');
    // The network's currency (USD) as Spanish writes its sign.
    expect(screen.getByLabelText('Cuota mensual (US$)')).toHaveValue(99);
    expect(within(screen.getByLabelText('Estado')).getByRole('option', { name: 'Mantenimiento' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Nombre *'));
    fireEvent.change(screen.getByLabelText('Teléfono de contacto'), { target: { value: 'abc' } });
    await user.click(screen.getByRole('button', { name: 'Actualizar cliente' }));
    expect(await screen.findByText('Nombre: obligatorio')).toBeInTheDocument();
    expect(screen.getByText('Introduzca un teléfono como +34 912 345 678')).toBeInTheDocument();
  });
});
