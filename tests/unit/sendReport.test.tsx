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
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText(/Counted without names/)).toBeVisible();
  });

  it('with opens and clicks: unique members, a bar chart by hour and the clicks per link', async () => {
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
    expect(await screen.findByRole('img', { name: /9 opens and 4 clicks in all/ })).toBeVisible();
    expect(within(figure('Opened')).getByText('6 members')).toBeVisible();
    expect(within(figure('Clicked')).getByText('3 members')).toBeVisible();
    // Three hours (the empty one between at zero), two bars each.
    expect(screen.getByRole('img').querySelectorAll('g')).toHaveLength(3);
    const row = screen.getByRole('row', { name: /shop\.example\.com/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['https://shop.example.com/offer', '4', '3']);
    expect(screen.queryByText(/Counted without names/)).toBeNull();
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
