import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { restUrl } from '@tests/setup/supabase-mocks';
import { i18n } from '@/i18n';
import { CampaignAddRoute } from './campaign-add';

const CAFE = 'c0000000-0000-4000-8000-000000000001';
const GYM = 'c0000000-0000-4000-8000-000000000002';
const NEW_ID = 'ca000000-0000-4000-8000-0000000000aa';
const FRONT = 'e0000000-0000-4000-8000-000000000001';
const BAR = 'e0000000-0000-4000-8000-000000000002';

/** Corner Cafe has two screens, Peak Gym none. */
const venueScreens = () =>
  http.get(restUrl('/equipment_status'), ({ request }) =>
    HttpResponse.json(
      new URL(request.url).searchParams.get('customer_id') === `eq.${CAFE}`
        ? [
            { id: BAR, device_name: 'Bar', location: null },
            { id: FRONT, device_name: 'Front window', location: 'Downtown' },
          ]
        : [],
    ),
  );

function renderForm() {
  server.use(
    http.get(restUrl('/customers'), () =>
      HttpResponse.json([
        { id: CAFE, name: 'Corner Cafe', location: 'Downtown' },
        { id: GYM, name: 'Peak Gym', location: null },
      ]),
    ),
    venueScreens(),
  );
  return renderRoutes(
    [
      { path: '/dashboard/campaigns/add', element: <CampaignAddRoute /> },
      { path: '/dashboard/campaigns', element: <h1>Campaign list</h1> },
    ],
    { url: '/dashboard/campaigns/add' },
  );
}

async function fill(user: ReturnType<typeof renderForm>['user']) {
  await user.type(screen.getByLabelText('Campaign name *'), 'Winter Menu');
  await user.selectOptions(await screen.findByLabelText('Customer *'), 'Corner Cafe (Downtown)');
}

describe('add campaign form', () => {
  it('requires name and customer, defaults status to active, and refuses an end before the start', async () => {
    const { user } = renderForm();
    expect(screen.getByLabelText('Status *')).toHaveValue('active');
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Customer is required')).toBeInTheDocument();
    await fill(user);
    await user.type(screen.getByLabelText('Start date'), '2026-12-10');
    await user.type(screen.getByLabelText('End date'), '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('End date cannot be before the start date')).toBeInTheDocument();
  });

  it('creates the campaign in one save_campaign() call with its dates, then returns to the list', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(restUrl('/rpc/save_campaign'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(NEW_ID);
      }),
    );
    const { user } = renderForm();
    await fill(user);
    await user.type(screen.getByLabelText('Start date'), '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByRole('heading', { name: 'Campaign list' })).toBeInTheDocument();
    // No p_id: a new campaign. No end date: the parameter is left out (null in SQL).
    expect(body).toEqual({
      p_name: 'Winter Menu',
      p_customer_id: CAFE,
      p_status: 'active',
      p_start_date: '2026-12-01',
      p_plays_on: 'all',
      p_screen_ids: [],
      p_priority: 1,
      // All day, every day: no windows.
      p_windows: [],
    });
  });

  it('needs a start date for a scheduled campaign, and a priority from 1 to 10', async () => {
    let calls = 0;
    server.use(
      http.post(restUrl('/rpc/save_campaign'), () => {
        calls += 1;
        return HttpResponse.json(NEW_ID);
      }),
    );
    const { user } = renderForm();
    await fill(user);
    await user.selectOptions(screen.getByLabelText(/^Status/), 'Scheduled');
    const priority = screen.getByLabelText('Priority');
    await user.clear(priority);
    await user.type(priority, '11');
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('A scheduled campaign needs a start date.')).toBeInTheDocument();
    expect(screen.getByText('Priority is a number from 1 to 10')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('plays at set times: weekday breakfasts and a late window over midnight, saved with the campaign', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(restUrl('/rpc/save_campaign'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(NEW_ID);
      }),
    );
    const { user } = renderForm();
    await fill(user);
    await user.click(screen.getByRole('radio', { name: 'At set times' }));
    // No window yet: the summary says so rather than "All day".
    expect(screen.getByTestId('schedule-summary')).toHaveTextContent('No times set yet');
    expect(screen.getByTestId('schedule-summary')).not.toHaveTextContent('All day');
    // Asked for at least one window.
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Add at least one time window, or play all day.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a time window' }));
    const first = screen.getByRole('group', { name: 'Days of window 1' });
    expect(first).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Window 1 starts'));
    await user.type(screen.getByLabelText('Window 1 starts'), '07:00');
    await user.clear(screen.getByLabelText('Window 1 ends'));
    await user.type(screen.getByLabelText('Window 1 ends'), '11:00');

    await user.click(screen.getByRole('button', { name: 'Add a time window' }));
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday']) {
      await user.click(
        within(screen.getByRole('group', { name: 'Days of window 2' })).getByRole('checkbox', { name: day }),
      );
    }
    await user.click(
      within(screen.getByRole('group', { name: 'Days of window 2' })).getByRole('checkbox', { name: 'Saturday' }),
    );
    await user.clear(screen.getByLabelText('Window 2 starts'));
    await user.type(screen.getByLabelText('Window 2 starts'), '22:00');
    await user.clear(screen.getByLabelText('Window 2 ends'));
    await user.type(screen.getByLabelText('Window 2 ends'), '02:00');
    expect(screen.getByText('Runs past midnight, until 02:00 the next day.')).toBeInTheDocument();
    expect(screen.getByTestId('schedule-summary')).toHaveTextContent(
      'Plays: Mon–Fri 07:00–11:00; Fri, Sat 22:00–02:00 (next day)',
    );

    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByRole('heading', { name: 'Campaign list' })).toBeInTheDocument();
    expect(body?.p_windows).toEqual([
      { days: [1, 2, 3, 4, 5], start: '07:00', end: '11:00' },
      { days: [5, 6], start: '22:00', end: '02:00' },
    ]);
  });

  it('refuses a window with no day or the same start and end, at the window', async () => {
    const { user } = renderForm();
    await fill(user);
    await user.click(screen.getByRole('radio', { name: 'At set times' }));
    await user.click(screen.getByRole('button', { name: 'Add a time window' }));
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      await user.click(
        within(screen.getByRole('group', { name: 'Days of window 1' })).getByRole('checkbox', { name: day }),
      );
    }
    await user.clear(screen.getByLabelText('Window 1 ends'));
    await user.type(screen.getByLabelText('Window 1 ends'), '09:00');
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Choose at least one day')).toBeInTheDocument();
    expect(screen.getByText('The start and the end are the same time')).toBeInTheDocument();
  });

  it('shows the database message on failure and keeps the input', async () => {
    server.use(
      http.post(restUrl('/rpc/save_campaign'), () =>
        HttpResponse.json(
          { code: '23514', message: 'Campaign end date cannot be before its start date.', details: null, hint: null },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderForm();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Campaign end date cannot be before its start date. Check browser console for details.',
    );
    expect(screen.getByLabelText('Campaign name *')).toHaveValue('Winter Menu');
  });
});

describe('add campaign form: plays on', () => {
  it('plays on all screens by default; chosen screens lists the venue’s screens by keyboard', async () => {
    const { user } = renderForm();
    const group = screen.getByRole('group', { name: 'Plays on' });
    expect(within(group).getByRole('radio', { name: 'All screens of the venue' })).toBeChecked();
    expect(within(group).queryByRole('checkbox')).not.toBeInTheDocument();

    await fill(user);
    within(group).getByRole('radio', { name: 'All screens of the venue' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(within(group).getByRole('radio', { name: 'Chosen screens' })).toBeChecked();
    const front = await within(group).findByRole('checkbox', { name: /Front window/ });
    expect(within(group).getByRole('checkbox', { name: 'Bar' })).not.toBeChecked();
    front.focus();
    await user.keyboard(' ');
    expect(front).toBeChecked();
  });

  it('asks for at least one screen when Chosen screens has none ticked', async () => {
    const { user } = renderForm();
    await fill(user);
    await user.click(screen.getByRole('radio', { name: 'Chosen screens' }));
    await screen.findByRole('checkbox', { name: 'Bar' });
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    const message = await screen.findByText('Choose at least one screen, or play on all screens.');
    expect(screen.getByRole('group', { name: 'Plays on' })).toHaveAccessibleDescription(message.textContent);
  });

  it('says when the venue has no screens, and a new venue starts with none chosen', async () => {
    const { user } = renderForm();
    await fill(user);
    await user.click(screen.getByRole('radio', { name: 'Chosen screens' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Bar' }));
    await user.selectOptions(screen.getByLabelText('Customer *'), 'Peak Gym');
    expect(await screen.findByText('This venue has no screens yet. Pair one on Equipment Status.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Customer *'), 'Corner Cafe (Downtown)');
    expect(await screen.findByRole('checkbox', { name: 'Bar' })).not.toBeChecked();
  });

  it('saves the campaign with its chosen screens in the same call', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(restUrl('/rpc/save_campaign'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(NEW_ID);
      }),
    );
    const { user } = renderForm();
    await fill(user);
    await user.click(screen.getByRole('radio', { name: 'Chosen screens' }));
    await user.click(await screen.findByRole('checkbox', { name: /Front window/ }));
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByRole('heading', { name: 'Campaign list' })).toBeInTheDocument();
    expect(body).toMatchObject({ p_customer_id: CAFE, p_plays_on: 'chosen', p_screen_ids: [FRONT] });
    expect(body).not.toHaveProperty('p_id');
  });

  it('keeps the input and shows the error when the save is refused', async () => {
    server.use(
      http.post(restUrl('/rpc/save_campaign'), () =>
        HttpResponse.json(
          {
            code: '23514',
            message: 'A campaign can only play on screens of its own venue.',
            details: null,
            hint: null,
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderForm();
    await fill(user);
    await user.click(screen.getByRole('radio', { name: 'Chosen screens' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Bar' }));
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A campaign can only play on screens of its own venue. Check browser console for details.',
    );
    expect(screen.getByLabelText('Campaign name *')).toHaveValue('Winter Menu');
    expect(screen.getByRole('radio', { name: 'Chosen screens' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Bar' })).toBeChecked();
  });

  it('speaks Spanish: labels, validation, the schedule in words and the database’s own refusal', async () => {
    await i18n.changeLanguage('es');
    server.use(
      http.post(restUrl('/rpc/save_campaign'), () =>
        HttpResponse.json(
          { code: '23514', message: 'Choose at least one screen, or play on all screens.', details: null, hint: null },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Crear campaña' }));
    expect(await screen.findByText('El nombre es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('El cliente es obligatorio')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nombre de la campaña *'), 'Menú de invierno');
    await user.selectOptions(await screen.findByLabelText('Cliente *'), 'Corner Cafe (Downtown)');
    await user.click(screen.getByRole('radio', { name: 'En horarios fijos' }));
    expect(screen.getByTestId('schedule-summary')).toHaveTextContent('Aún no hay horarios');
    await user.click(screen.getByRole('button', { name: 'Añadir una franja horaria' }));
    // Weekday names come from Intl in Spanish; all seven days read as "every day".
    for (const day of ['sábado', 'domingo']) {
      await user.click(
        within(screen.getByRole('group', { name: 'Días de la franja 1' })).getByRole('checkbox', { name: day }),
      );
    }
    expect(screen.getByTestId('schedule-summary')).toHaveTextContent('Se reproduce: Todos los días 09:00–17:00');
    await user.click(within(screen.getByRole('group', { name: 'Días de la franja 1' })).getByRole('checkbox', { name: 'lunes' }));
    expect(screen.getByTestId('schedule-summary')).toHaveTextContent('Se reproduce: mar–dom 09:00–17:00');
    await user.click(screen.getByRole('button', { name: 'Crear campaña' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Elija al menos una pantalla, o reproduzca en todas. Consulte la consola del navegador para más detalles.',
    );
  });
});
