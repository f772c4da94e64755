import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useWatch } from 'react-hook-form';
import { AdminContext, Form } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import { dataProvider } from '../../src/providers/dataProvider';
import { BodyEditor } from '../../src/resources/email-templates/BodyEditor';
import { api, useMockApi } from './support/server';

const server = useMockApi();

beforeAll(() => {
  // ProseMirror scrolls the cursor into view after an insertion; jsdom has no layout to measure.
  Range.prototype.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});
const i18nProvider = polyglotI18nProvider(() => en, 'en');

function Body() {
  return <output data-testid="body">{useWatch({ name: 'body' })}</output>;
}

const renderEditor = (body: string) =>
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
        <Form defaultValues={{ body }} resource="email-templates">
          <BodyEditor />
          <Body />
        </Form>
      </AdminContext>
    </MemoryRouter>,
  );

describe('the template body editor', () => {
  it('lists the placeholders of crm/placeholders with their meaning, and appends one to a body not clicked into yet', async () => {
    server.use(
      http.get(api('crm/placeholders'), () =>
        HttpResponse.json({
          data: [
            { key: 'client_name', example: 'Acme Stockists' },
            { key: 'contact_name', example: 'Sipho Stockist' },
          ],
        }),
      ),
    );
    renderEditor('<p>Hello </p>');
    const clientName = await screen.findByRole('button', { name: 'Insert the placeholder {{client_name}}, “Client name”' });
    expect(clientName).toHaveTextContent('{{client_name}}');
    expect(screen.getByRole('button', { name: 'Insert the placeholder {{contact_name}}, “Contact person”' })).toHaveTextContent('{{contact_name}}');
    await userEvent.click(clientName);
    await waitFor(() => expect(screen.getByTestId('body')).toHaveTextContent('<p>Hello {{client_name}}</p>'));
    await userEvent.click(screen.getByRole('button', { name: 'Insert the placeholder {{contact_name}}, “Contact person”' }));
    await waitFor(() => expect(screen.getByTestId('body')).toHaveTextContent('<p>Hello {{client_name}}{{contact_name}}</p>'));
  });

  it('names the text by the field label alone, not by the toolbar and placeholders around it', async () => {
    server.use(http.get(api('crm/placeholders'), () => HttpResponse.json({ data: [{ key: 'client_name', example: 'Acme Stockists' }] })));
    renderEditor('<p>Hello</p>');
    await screen.findByRole('button', { name: 'Insert the placeholder {{client_name}}, “Client name”' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Body' })).toHaveTextContent('Hello'));
    // A form field search by "name" (the template's Name field) must not also find the body.
    expect(screen.queryAllByRole('textbox', { name: /name/i })).toEqual([]);
    expect(screen.getByRole('group', { name: 'Body' })).toContainElement(screen.getByRole('textbox', { name: 'Body' }));
  });

  it('shows no placeholder list when the server has none to offer', async () => {
    let asked = false;
    server.use(
      http.get(api('crm/placeholders'), () => {
        asked = true;
        return HttpResponse.json({ data: [] });
      }),
    );
    renderEditor('');
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByRole('group', { name: 'Placeholders:' })).toBeNull();
  });
});
