import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { AdminContext } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import en from '../../i18n/en';
import { dataProvider } from '../../src/providers/dataProvider';
import { MemberBannersSlot, type ActiveBanner } from '../../src/resources/members/MemberBannersSlot';
import { api, useMockApi } from './support/server';

const server = useMockApi();
const i18nProvider = polyglotI18nProvider(() => en, 'en');

describe('saving a banner (crm/savebanner takes multipart/form-data)', () => {
  it('sends the fields as form fields and the picked file as `image`, without the JSON content type', async () => {
    let contentType = '';
    let form: FormData | null = null;
    server.use(
      http.post(api('crm/savebanner'), async ({ request }) => {
        contentType = request.headers.get('content-type') ?? '';
        form = await request.formData();
        return HttpResponse.json({ data: { id: 4, title: 'Spring', image_url: '/uploads/banners/a.png' } }, { status: 201 });
      }),
    );
    const rawFile = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'spring.png', { type: 'image/png' });
    const answer = await dataProvider.create('marketing', {
      data: { title: 'Spring', link_url: null, active_from: '2026-12-01T08:00:00.000Z', position: 2, active: true, image: { rawFile, src: 'blob:x' } },
    });
    expect(answer.data).toMatchObject({ id: 4 });
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    const sent = form!;
    expect(sent.get('title')).toBe('Spring');
    expect(sent.get('link_url')).toBe('');
    expect(sent.get('active_from')).toBe('2026-12-01T08:00:00.000Z');
    expect(sent.get('position')).toBe('2');
    expect(sent.get('active')).toBe('true');
    // (jsdom's File loses its name on the way through Node's fetch; a browser keeps it. The server ignores it.)
    const image = sent.get('image') as File;
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  });

  it('sends the id on update, and the server\'s field errors reach the form', async () => {
    let id: FormDataEntryValue | null = null;
    server.use(
      http.post(api('crm/savebanner'), async ({ request }) => {
        id = (await request.formData()).get('id');
        return HttpResponse.json({ message: 'image must be a PNG, JPEG, WebP or GIF picture', errors: { image: 'image must be a PNG, JPEG, WebP or GIF picture' } }, { status: 400 });
      }),
    );
    await expect(dataProvider.update('marketing', { id: '9', data: { title: 'x' }, previousData: { id: 9 } })).rejects.toMatchObject({
      status: 400,
      body: { errors: { image: 'image must be a PNG, JPEG, WebP or GIF picture' } },
    });
    expect(id).toBe('9');
  });
});

function bannersApi(banners: ActiveBanner[]) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(api('crm/banners'), ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json({ data: banners, total: banners.length });
    }),
  );
  return queries;
}

const renderSlot = () =>
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
        <MemberBannersSlot clientId={1} />
      </AdminContext>
    </MemoryRouter>,
  );

describe('MemberBannersSlot', () => {
  it('shows the banners shown now, a portal path in the same tab and an outside address in a new one', async () => {
    const queries = bannersApi([
      { id: 1, title: 'Summer range', image_url: '/uploads/banners/a.png', link_url: '/products' },
      { id: 2, title: 'New catalogue', image_url: '/uploads/banners/b.png', link_url: 'https://example.com/catalogue' },
      { id: 3, title: 'Just a picture', image_url: '/uploads/banners/c.png', link_url: null },
    ]);
    renderSlot();
    expect(await screen.findByRole('img', { name: 'Summer range' })).toHaveAttribute('src', '/uploads/banners/a.png');
    const inside = screen.getByRole('link', { name: /Summer range/ });
    expect(inside).toHaveAttribute('href', '/products');
    expect(inside).not.toHaveAttribute('target');
    const outside = screen.getByRole('link', { name: /New catalogue/ });
    expect(outside).toHaveAttribute('href', 'https://example.com/catalogue');
    expect(outside).toHaveAttribute('target', '_blank');
    expect(outside).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('Just a picture').closest('a')).toBeNull();
    expect(screen.getByRole('region', { name: 'News and offers' })).toBeVisible();
    expect(queries[0].get('active_now')).toBe('true');
    expect(queries[0].get('sort')).toBe('position');
  });

  it('renders nothing when no banner is shown', async () => {
    const queries = bannersApi([]);
    const { container } = renderSlot();
    await vi.waitFor(() => expect(queries).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container).toBeEmptyDOMElement();
  });
});
