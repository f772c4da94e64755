import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext, Form } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import { dataProvider } from '../../src/providers/dataProvider';
import { PreviewPanel } from '../../src/resources/email-templates/PreviewPanel';
import { api, useMockApi } from './support/server';

const server = useMockApi();
const i18nProvider = polyglotI18nProvider(() => en, 'en');

/** What a hostile template would like to run; the server's answer is shown as it comes. */
const html = '<p>Dear Sipho Stockist</p><script>parent.document.title = "pwned"</script><img src=x onerror="alert(1)">';

function mockPreviewApi() {
  const bodies: unknown[] = [];
  server.use(
    http.post(api('crm/previewtemplate'), async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ data: { subject: 'News for Sunrise Pharmacy', html, text: 'Dear Sipho Stockist' } });
    }),
    http.get(api('clients/all'), ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      const clients = [{ id: 12, name: 'Sunrise Pharmacy', email: 'orders@sunrise.example.com' }];
      return HttpResponse.json({ data: clients.filter((client) => client.name.toLowerCase().includes(q.toLowerCase())), total: 1 });
    }),
  );
  return bodies;
}

const renderPreview = (values: { subject: string; body: string }) =>
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
        <Form defaultValues={values}>
          <PreviewPanel />
        </Form>
      </AdminContext>
    </MemoryRouter>,
  );

describe('the template preview', () => {
  it('shows the server-rendered mail in a sandboxed iframe that can run no script', async () => {
    const bodies = mockPreviewApi();
    renderPreview({ subject: 'News for {{client_name}}', body: '<p>Dear {{contact_name}}</p>' });
    const frame = await screen.findByTitle('Preview of the mail');
    expect(frame.tagName).toBe('IFRAME');
    // An empty sandbox: no allow-scripts, no allow-same-origin, no forms, no top navigation.
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', html);
    expect(frame).not.toHaveAttribute('src');
    expect(screen.getByTestId('preview-subject')).toHaveTextContent('News for Sunrise Pharmacy');
    expect(bodies[0]).toEqual({ subject: 'News for {{client_name}}', body: '<p>Dear {{contact_name}}</p>' });
    // Nothing of the mail's markup reaches the page itself.
    expect(document.querySelector('script')).toBeNull();
  });

  it('renders the preview for the chosen client, and shows the plain-text part on its tab', async () => {
    const bodies = mockPreviewApi();
    renderPreview({ subject: 'Hi', body: '<p>Dear {{contact_name}}</p>' });
    await screen.findByTitle('Preview of the mail');
    await userEvent.type(screen.getByRole('combobox', { name: 'Preview for client' }), 'sunrise');
    await userEvent.click(await screen.findByRole('option', { name: /Sunrise Pharmacy/ }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ subject: 'Hi', body: '<p>Dear {{contact_name}}</p>', client_id: 12 }));
    await userEvent.click(screen.getByRole('tab', { name: 'Plain text' }));
    expect(screen.queryByTitle('Preview of the mail')).toBeNull();
    expect(screen.getByText('Dear Sipho Stockist')).toBeVisible();
  });

  it('asks for a body before there is anything to preview', async () => {
    const bodies = mockPreviewApi();
    renderPreview({ subject: 'Hi', body: '' });
    expect(await screen.findByText('Write the body to see the mail as it will be sent.')).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(bodies).toEqual([]);
    expect(screen.queryByTitle('Preview of the mail')).toBeNull();
  });
});
