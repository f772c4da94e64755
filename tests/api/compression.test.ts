import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES } from '../../server/http/compression';
import { useTestApp } from './support/app';

/** JSON answers above a size threshold are compressed, by what the request accepts. */
const t = useTestApp();

const LARGE = '/api/products/all?perPage=100';

async function ask(url: string, encoding?: string) {
  const token = await t.tokenFor('admin');
  return t.get(url, { token, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });
}

describe('JSON answer compression', () => {
  it('sends a large list plain without Accept-Encoding, and it is above the threshold', async () => {
    const plain = await ask(LARGE);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(plain.json().data.length).toBeGreaterThan(1);
  });

  it('compresses a large list with gzip or brotli as asked, and it decodes to the same JSON', async () => {
    const plain = (await ask(LARGE)).json();
    const gzip = await ask(LARGE, 'gzip');
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toMatch(/^application\/json/);
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain);

    const br = await ask(LARGE, 'br');
    expect(br.headers['content-encoding']).toBe('br');
    const decoded = brotliDecompressSync(br.rawPayload);
    expect(JSON.parse(decoded.toString('utf8'))).toEqual(plain);
    expect(br.rawPayload.length).toBeLessThan(decoded.length / 2);
  });

  it('prefers brotli when a browser accepts both, and gzip when brotli is refused', async () => {
    expect((await ask(LARGE, 'gzip, deflate, br')).headers['content-encoding']).toBe('br');
    expect((await ask(LARGE, 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    // Only encodings the server offers: deflate alone gets the plain answer.
    const deflate = await ask(LARGE, 'deflate');
    expect(deflate.headers['content-encoding']).toBeUndefined();
    expect(deflate.json().data.length).toBeGreaterThan(1);
  });

  it('sends a small answer plain even when compression is accepted', async () => {
    const res = await t.get('/api/health', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().status).toBe('ok');
  });

  it('compresses the OpenAPI document too', async () => {
    const res = await t.get('/api/docs/json', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8')).openapi).toBe('3.1.0');
  });
});
