import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paintPng } from '../../server/db/seed/png';
import { useTestApp } from './support/app';
import { HOUR } from './support/clock';

const t = useTestApp();

const png = (shade = 120) => paintPng(8, 4, (x) => [shade, x * 20, 200]);

interface FilePart {
  bytes: Buffer;
  filename?: string;
  contentType?: string;
  field?: string;
}

/** A multipart/form-data body as a browser sends it: text fields, then the file (if any). */
function multipart(fields: Record<string, string | number | boolean>, file?: FilePart) {
  const boundary = `----portal-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'image'}"; filename="${file.filename ?? 'banner.png'}"\r\n` +
          `Content-Type: ${file.contentType ?? 'image/png'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function saveBanner(fields: Record<string, string | number | boolean>, file?: FilePart, as: 'admin' | 'stockist' = 'admin') {
  const body = multipart(fields, file);
  const token = await t.tokenFor(as);
  return t.inject({ method: 'POST', url: '/api/crm/savebanner', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
}

async function createBanner(fields: Record<string, string | number | boolean> = {}) {
  const res = await saveBanner({ title: 'A banner', ...fields }, { bytes: png() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; title: string; image_url: string; active_from: string | null; active_to: string | null; position: number; active: boolean; link_url: string | null };
}

async function listAs(role: 'admin' | 'stockist' | 'individual' | 'reseller', query = '') {
  const res = await t.get(`/api/crm/banners${query}`, { token: await t.tokenFor(role) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: { id: number; title: string }[]; total: number };
}

async function deleteAll() {
  const admin = await t.tokenFor('admin');
  for (const banner of (await listAs('admin', '?perPage=1000')).data) {
    await t.post('/api/crm/deletebanner', { id: banner.id }, { token: admin });
  }
}

describe('crm/savebanner', () => {
  it('creates a banner from a multipart form with a PNG, audits it and serves the image at image_url', async () => {
    const bytes = png(33);
    const res = await saveBanner(
      { title: '  Spring sale ', link_url: '/products', active_from: '2026-01-01T00:00:00Z', active_to: '2027-01-01', position: 3, active: 'true' },
      { bytes },
    );
    expect(res.statusCode, res.body).toBe(201);
    const banner = res.json().data;
    expect(banner).toMatchObject({
      title: 'Spring sale',
      link_url: '/products',
      active_from: '2026-01-01T00:00:00.000Z',
      active_to: '2027-01-01T00:00:00.000Z',
      position: 3,
      active: true,
    });
    expect(banner.image_url).toMatch(/^\/uploads\/banners\/[0-9a-f]{32}\.png$/);
    expect(await t.audit('create_banner', banner.id)).toHaveLength(1);

    const image = await t.get(banner.image_url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(bytes)).toBe(true);
  });

  it('updates the fields without a new image and keeps the old one', async () => {
    const banner = await createBanner({ title: 'Before' });
    const res = await saveBanner({ id: banner.id, title: 'After', position: 7, active: 'false', link_url: 'https://example.com/x' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: banner.id, title: 'After', position: 7, active: false, link_url: 'https://example.com/x', image_url: banner.image_url, active_from: null });
    expect(await t.audit('update_banner', banner.id)).toHaveLength(1);
    expect((await t.get(banner.image_url)).statusCode).toBe(200);
  });

  it('replaces the image: the new file is served and the old one removed', async () => {
    const banner = await createBanner();
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 7)]);
    const res = await saveBanner({ id: banner.id, title: 'New picture' }, { bytes: jpeg, filename: 'photo.jpg', contentType: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().data;
    expect(updated.image_url).toMatch(/\.jpg$/);
    expect((await t.get(updated.image_url)).headers['content-type']).toBe('image/jpeg');
    expect((await t.get(banner.image_url)).statusCode).toBe(404);
  });

  it('refuses a file that is not a picture by its bytes, whatever its name and type claim (400 naming image)', async () => {
    for (const file of [
      { bytes: Buffer.from('<?php echo "hi"; ?>'), filename: 'evil.png', contentType: 'image/png' },
      { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), filename: 'a.svg', contentType: 'image/svg+xml' },
    ]) {
      const res = await saveBanner({ title: 'Bad image' }, file);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toHaveProperty('image');
    }
  });

  it('refuses an image over 2 MB with a 413 naming image, and a create without image with a 400', async () => {
    const big = Buffer.concat([png(), Buffer.alloc(2 * 1024 * 1024 + 10, 1)]);
    const tooBig = await saveBanner({ title: 'Huge' }, { bytes: big });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().errors.image).toMatch(/2 MB/);

    const none = await saveBanner({ title: 'No picture' });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toHaveProperty('image');
  });

  it('names the field at fault: title, active_to before active_from, link_url, position, unknown fields', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ title: '   ' }, 'title'],
      [{ link_url: '/x' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: 'Dates', active_from: '2026-05-02', active_to: '2026-05-01' }, 'active_to'],
      [{ title: 'Dates', active_from: 'next tuesday' }, 'active_from'],
      [{ title: 'Link', link_url: 'javascript:alert(1)' }, 'link_url'],
      [{ title: 'Link', link_url: '//evil.example' }, 'link_url'],
      [{ title: 'Position', position: -1 }, 'position'],
      [{ title: 'Position', position: '2.5' }, 'position'],
      [{ title: 'Active', active: 'maybe' }, 'active'],
      [{ title: 'Extra', colour: 'red' }, 'colour'],
    ];
    for (const [fields, field] of cases) {
      const res = await saveBanner(fields, { bytes: png() });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().errors, JSON.stringify(fields)).toHaveProperty(field);
    }
  });

  it('answers 404 for an update of an unknown banner', async () => {
    const res = await saveBanner({ id: 999999, title: 'Ghost' }, { bytes: png() });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a JSON body (415) and is the admin\'s only (403 for a member, 401 without a token)', async () => {
    const admin = await t.tokenFor('admin');
    expect((await t.post('/api/crm/savebanner', { title: 'json' }, { token: admin })).statusCode).toBe(415);
    expect((await saveBanner({ title: 'Mine' }, { bytes: png() }, 'stockist')).statusCode).toBe(403);
    const body = multipart({ title: 'anon' }, { bytes: png() });
    expect((await t.inject({ method: 'POST', url: '/api/crm/savebanner', ...body })).statusCode).toBe(401);
  });
});

describe('crm/banners', () => {
  it('shows members only the active banners inside their window, by position; the admin sees all', async () => {
    await deleteAll();
    const now = t.clock.now().getTime();
    const iso = (offset: number) => new Date(now + offset).toISOString();
    const second = await createBanner({ title: 'Open window', position: 2 });
    const first = await createBanner({ title: 'Inside window', position: 1, active_from: iso(-HOUR), active_to: iso(HOUR) });
    await createBanner({ title: 'Not yet', position: 0, active_from: iso(2 * HOUR) });
    await createBanner({ title: 'Over', position: 0, active_to: iso(-HOUR) });
    await createBanner({ title: 'Switched off', position: 0, active: 'false' });

    for (const role of ['stockist', 'individual', 'reseller'] as const) {
      const seen = await listAs(role);
      expect(seen.data.map((b) => b.title), role).toEqual(['Inside window', 'Open window']);
      expect(seen.total).toBe(2);
    }

    const all = await listAs('admin', '?sort=title&order=ASC');
    expect(all.total).toBe(5);
    expect(all.data.map((b) => b.title)).toEqual(['Inside window', 'Not yet', 'Open window', 'Over', 'Switched off']);
    const paged = await listAs('admin', '?sort=title&order=ASC&page=2&perPage=2');
    expect(paged.data.map((b) => b.title)).toEqual(['Open window', 'Over']);
    const now_ = await listAs('admin', '?active_now=true&sort=position');
    expect(now_.data.map((b) => b.id)).toEqual([first.id, second.id]);

    // Three hours on, "Not yet" has started and "Inside window" has ended.
    t.clock.advance(3 * HOUR);
    expect((await listAs('stockist')).data.map((b) => b.title)).toEqual(['Not yet', 'Open window']);
  });

  it('needs a sign-in', async () => {
    expect((await t.get('/api/crm/banners')).statusCode).toBe(401);
  });
});

describe('crm/deletebanner', () => {
  it('removes the record (audited) and its file; an unknown id is a 404; members may not', async () => {
    const banner = await createBanner({ title: 'Short-lived' });
    const stockist = await t.tokenFor('stockist');
    expect((await t.post('/api/crm/deletebanner', { id: banner.id }, { token: stockist })).statusCode).toBe(403);

    const admin = await t.tokenFor('admin');
    const res = await t.post('/api/crm/deletebanner', { id: banner.id }, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: banner.id } });
    expect(await t.audit('delete_banner', banner.id)).toHaveLength(1);
    expect((await listAs('admin', `?ids=${banner.id}`)).total).toBe(0);
    expect((await t.get(banner.image_url)).statusCode).toBe(404);

    expect((await t.post('/api/crm/deletebanner', { id: banner.id }, { token: admin })).statusCode).toBe(404);
  });
});

describe('uploads', () => {
  it('answers 404 for an unknown upload, also when the SPA (history fallback) is served', async () => {
    const missing = await t.get('/uploads/banners/0123456789abcdef0123456789abcdef.png');
    expect(missing.statusCode).toBe(404);
    expect((await t.get('/uploads/banners/../../etc/passwd')).statusCode).toBe(404);

    const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
    try {
      writeFileSync(join(dist, 'index.html'), '<!doctype html><div data-test="spa-index"></div>');
      mkdirSync(join(dist, 'assets'));
      const spa = await t.variant({ distDir: dist });
      const res = await spa.inject({ method: 'GET', url: '/uploads/banners/nothing-here.png' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('spa-index');
      expect(res.headers['content-type']).toMatch(/json/);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
