import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { paths } from '@/config/paths';
import { i18n } from '@/i18n';
import { monthBefore, localToday } from '@/entities/statement/statement';
import { PortalStatementPrintRoute, PortalStatementsRoute } from './portal-statements';

const ID = 'ad000000-0000-4000-8000-0000000000b1';
const ME = {
  id: ID,
  business_name: 'Brightline Mobile',
  advertiser_name: 'James Park',
  address: '9 Signal Road',
  email: 'james@brightline.example.com',
};

/** The advertiser's own statement for any month asked; the months asked are kept. */
function database(me: typeof ME | null = ME) {
  const asked: { advertiser: string; month: string }[] = [];
  server.use(
    http.get(restUrl('/advertisers'), () => HttpResponse.json(me ? [me] : [])),
    http.post(restUrl('/rpc/advertiser_statement'), async ({ request }) => {
      const body = (await request.json()) as { p_advertiser_id: string; p_month: string };
      asked.push({ advertiser: body.p_advertiser_id, month: body.p_month });
      return HttpResponse.json({
        advertiser_id: body.p_advertiser_id,
        month: body.p_month,
        currency: 'USD',
        closed: true,
        lines: [
          {
            campaign_id: 'c5',
            campaign_name: 'Brightline 5G on the street',
            plays: 2500,
            seconds: 25000,
            basis: 'cpm',
            amount: 30,
          },
        ],
        total: 30,
      });
    }),
  );
  return asked;
}

function renderAt(url: string) {
  storeSession(fakeUser('james@brightline.example.com'));
  return renderRoutes(
    [
      { path: paths.advertiser.statements.path, element: <PortalStatementsRoute /> },
      { path: paths.advertiser.statement.path, element: <PortalStatementPrintRoute /> },
    ],
    { url },
  );
}

describe("the advertiser's statements", () => {
  it("shows last month's statement of the advertiser's own campaigns, and links to its printable page", async () => {
    const asked = database();
    renderAt(paths.advertiser.statements.getHref());
    const table = await screen.findByRole('table');
    expect(table).toHaveTextContent('Brightline 5G on the street');
    expect(table).toHaveTextContent('2,500');
    expect(screen.getAllByText('$30.00').length).toBeGreaterThan(0);
    const lastMonth = monthBefore(localToday(), 1);
    expect(asked).toEqual([{ advertiser: ID, month: lastMonth }]);

    await userEvent.click(screen.getByRole('link', { name: /Printable statement/ }));
    const document = await screen.findByRole('article');
    expect(within(document).getByRole('heading', { level: 1 })).toHaveTextContent('Statement,');
    expect(document).toHaveTextContent('Brightline Mobile');
    expect(screen.getByRole('link', { name: 'Back to statements' })).toHaveAttribute(
      'href',
      paths.advertiser.statements.getHref(),
    );
  });

  it('says so, and asks for nothing, when the login is linked to no advertiser', async () => {
    const asked = database(null);
    renderAt(paths.advertiser.statement.getHref('2026-10'));
    expect(await screen.findByText('No advertiser')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it("prints the statement in the advertiser's language, with the month and the statement's own currency written its way", async () => {
    server.use(
      http.get(restUrl('/advertisers'), () => HttpResponse.json([ME])),
      http.post(restUrl('/rpc/advertiser_statement'), async ({ request }) => {
        const body = (await request.json()) as { p_advertiser_id: string; p_month: string };
        return HttpResponse.json({
          advertiser_id: body.p_advertiser_id,
          month: body.p_month,
          currency: 'EUR',
          closed: false,
          lines: [
            {
              campaign_id: 'c5',
              campaign_name: 'Brightline 5G on the street',
              plays: 2500,
              seconds: 25000,
              basis: 'cpm',
              amount: 12345.5,
            },
          ],
          total: 12345.5,
        });
      }),
    );
    await i18n.changeLanguage('es');
    renderAt(paths.advertiser.statement.getHref('2026-10'));

    const document = await screen.findByRole('article');
    expect(within(document).getByRole('heading', { level: 1 })).toHaveTextContent('Extracto, octubre de 2026');
    expect(within(document).getByRole('note')).toHaveTextContent(
      'Provisional: octubre de 2026 aún no ha terminado en todas partes',
    );
    const table = within(document).getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Importe' })).toBeInTheDocument();
    expect(table).toHaveTextContent('Por cada 1000 reproducciones');
    // Spanish writes euros with a decimal comma, a dot between thousands and the sign after.
    expect(within(document).getByText('Total de octubre de 2026').nextSibling).toHaveTextContent(/^12\.345,50\s€$/);
    expect(screen.getByRole('link', { name: 'Volver a los extractos' })).toHaveAttribute(
      'href',
      paths.advertiser.statements.getHref(),
    );
  });
});
