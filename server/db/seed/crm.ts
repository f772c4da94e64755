import { banners } from '../schema';
import { BannerImageStore } from '../../modules/crm/banners/images';
import type { DemoContext } from './demo';
import { paintPng } from './png';

type Rgb = [number, number, number];

/** A soft diagonal gradient between two colours with a lighter band: simple artwork for a banner. */
function artwork(from: Rgb, to: Rgb): Buffer {
  const width = 960;
  const height = 240;
  return paintPng(width, height, (x, y) => {
    const t = (x / width) * 0.8 + (y / height) * 0.2;
    const band = Math.abs(x - y * 2 - width / 2) < 60 ? 28 : 0;
    return from.map((c, i) => Math.min(255, Math.round(c + (to[i] - c) * t) + band)) as Rgb;
  });
}

/**
 * Two banners the members see on their page. Their images are painted into the uploads
 * folder; without one (the API tests' seed) there are no demo banners.
 */
export async function seedCrm({ tx, uploadsDir }: DemoContext): Promise<void> {
  if (!uploadsDir) return;
  const images = new BannerImageStore(uploadsDir);
  const [summer, catalogue] = await Promise.all([
    images.save(artwork([255, 140, 66], [214, 40, 87]), 'png'),
    images.save(artwork([38, 120, 178], [36, 190, 150]), 'png'),
  ]);
  await tx.insert(banners).values([
    { title: 'Summer range: 10% off display stands', imageName: summer, linkUrl: '/products', position: 0 },
    { title: 'New catalogue out now', imageName: catalogue, linkUrl: 'https://example.com/catalogue', position: 1 },
  ]);
}
