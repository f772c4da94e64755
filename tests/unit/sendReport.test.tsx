import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import type { SendReport } from '../../shared/mailing/engagement';
import { dataProvider } from '../../src/providers/dataProvider';
import SendReportScreen from '../../src/resources/mailing-lists/SendReportScreen';
import { api, useMockApi } from './support/server';

const server = useMockApi();
const i18nProvider = polyglotI18nProvider(() => en, 'en');

const report = (fields: Partial<SendReport> = {}): SendReport => ({
  id: 12,
  subject: 'Renewal',
  mailing_list_name: 'Stockists',
  template_name: 'Renewal reminder',
  status: 'done',
  started_at: '2026-11-26T08:00:00.000Z',
  delivered: 40,
  bounced: 2,
  opened: 0,
  unique_opened: null,
  clicked: 0,
  unique_clicked: null,
  unsubscribed: 1,
  tied_to_members: false,
  hours: [],
  links: [{ idx: 0, url: 'https://shop.example.com/offer', clicks: 0, unique_clicks: null }],
  ...fields,
});

function renderReport() {
  return render(
    <MemoryRouter initialEntries={['/mailing-sends/12/report']}>
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
        <Routes>
          <Route path="/mailing-sends/:sendid/report" element={<SendReportScreen />} />
          <Route path="/404" element={<p>Not found page</p>} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).parentElement!;

describe("a send's report", () => {
  it('before anyone opened it: the figures, and the chart says nothing happened yet', async () => {
    server.use(http.get(api('crm/sendreport'), () => HttpResponse.json({ data: report() })));
    renderReport();
    expect(await screen.findByRole('heading', { level: 1, name: 'Report: Renewal reminder' })).toBeVisible();
    expect(within(figure('Delivered')).getByText('40')).toBeVisible();
    expect(within(figure('Bounced')).getByText('2')).toBeVisible();
    expect(within(figure('Unsubscribed')).getByText('1')).toBeVisible();
    expect(screen.getByText(/Nobody has opened this mail/)).toBeVisible();
    expect(screen.queryByTestId('engagement-chart')).toBeNull();
    expect(screen.getByText(/Counted without names/)).toBeVisible();
  });

  it('counted without names: the opens are said to be a total, where one member opening twice counts twice', async () => {
    server.use(http.get(api('crm/sendreport'), () => HttpResponse.json({ data: report({ delivered: 5, opened: 12, clicked: 3, hours: [{ hour: '2026-11-26T08:00:00.000Z', opens: 12, clicks: 3 }] }) })));
    renderReport();
    const opened = within(await screen.findByTestId('report-opened'));
    expect(opened.getByText('opens in total: a member who opens it twice counts twice')).toBeVisible();
    expect(screen.getByTestId('report-opened').firstChild?.textContent).toBe('12');
    expect(within(figure('Clicked')).getByText('clicks in total: a member who clicks twice counts twice')).toBeVisible();
  });

  it('with opens and clicks per member: the members as the main figure, the total beside it, and the hours as a table', async () => {
    server.use(
      http.get(api('crm/sendreport'), () =>
        HttpResponse.json({
          data: report({
            opened: 9,
            unique_opened: 6,
            clicked: 4,
            unique_clicked: 3,
            tied_to_members: true,
            hours: [
              { hour: '2026-11-26T08:00:00.000Z', opens: 7, clicks: 3 },
              { hour: '2026-11-26T10:00:00.000Z', opens: 2, clicks: 1 },
            ],
            links: [{ idx: 0, url: 'https://shop.example.com/offer', clicks: 4, unique_clicks: 3 }],
          }),
        }),
      ),
    );
    renderReport();
    const opened = await screen.findByTestId('report-opened');
    expect(opened.firstChild?.textContent).toBe('6 members');
    expect(within(opened).getByText('9 opens in total')).toBeVisible();
    expect(screen.getByTestId('report-clicked').firstChild?.textContent).toBe('3 members');
    expect(within(screen.getByTestId('report-clicked')).getByText('4 clicks in total')).toBeVisible();
    // The chart is a picture of the table under it: the table is what assistive technology reads.
    expect(screen.getByTestId('engagement-chart')).toHaveAttribute('aria-hidden', 'true');
    const table = screen.getByRole('table', { name: 'Opens and clicks by hour' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Hour', 'Opens', 'Clicks']);
    // Johannesburg's clock (UTC+2), the hours with something in them.
    expect(within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['7', '3'],
      ['2', '1'],
    ]);
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([expect.stringMatching(/10:00$/), expect.stringMatching(/12:00$/)]);
    const row = screen.getByRole('row', { name: /shop\.example\.com/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['https://shop.example.com/offer', '4', '3']);
    expect(screen.queryByText(/Counted without names/)).toBeNull();
  });

  it("names the fields of the subject's placeholders instead of showing them raw", async () => {
    server.use(http.get(api('crm/sendreport'), () => HttpResponse.json({ data: report({ subject: 'Hello {{contact_name}}, renew before {{ membership_expires_at }}' }) })));
    renderReport();
    expect(await screen.findByText('Stockists · Hello [Contact person], renew before [Membership expiry]')).toBeVisible();
    expect(screen.queryByText(/\{\{/)).toBeNull();
  });

  it('says when the report could not be read, and reads it again on Try again', async () => {
    let calls = 0;
    server.use(
      http.get(api('crm/sendreport'), () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ message: 'Database is away' }, { status: 503 }) : HttpResponse.json({ data: report() });
      }),
    );
    renderReport();
    expect(await screen.findByText('Database is away')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Report: Renewal reminder' })).toBeVisible();
  });

  it('goes to the not-found page for a send that does not exist', async () => {
    server.use(http.get(api('crm/sendreport'), () => HttpResponse.json({ message: 'Send not found' }, { status: 404 })));
    renderReport();
    expect(await screen.findByText('Not found page')).toBeVisible();
  });
});
