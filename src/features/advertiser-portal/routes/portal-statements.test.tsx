import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { fakeUser, restUrl, storeSession } from '@tests/setup/supabase-mocks';
import { paths } from '@/config/paths';
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
});
