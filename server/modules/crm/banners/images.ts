import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The largest banner image accepted (the multipart limit of savebanner). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** The public path the image files are served under (routes.ts), and so the prefix of `image_url`. */
export const BANNER_IMAGES_PATH = '/uploads/banners/';

export type ImageType = 'png' | 'jpg' | 'webp' | 'gif';

const startsWith = (bytes: Buffer, signature: string, at = 0) =>
  bytes.length >= at + signature.length && bytes.subarray(at, at + signature.length).equals(Buffer.from(signature, 'latin1'));

/**
 * The image type by its first bytes, whatever the browser claimed: a renamed script or an SVG
 * (which can carry script) is not an image we serve.
 */
export function imageTypeOf(bytes: Buffer): ImageType | null {
  if (startsWith(bytes, '\x89PNG\r\n\x1a\n')) return 'png';
  if (startsWith(bytes, '\xff\xd8\xff')) return 'jpg';
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) return 'gif';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) return 'webp';
  return null;
}

/** The banner image files in `<uploads>/banners`, each under a random name that is never reused. */
export class BannerImageStore {
  readonly dir: string;

  constructor(uploadsDir: string) {
    this.dir = join(uploadsDir, 'banners');
    mkdirSync(this.dir, { recursive: true });
  }

  /** Writes the bytes under a fresh name and answers the name. */
  async save(bytes: Buffer, type: ImageType): Promise<string> {
    const name = `${randomBytes(16).toString('hex')}.${type}`;
    await writeFile(join(this.dir, name), bytes, { flag: 'wx' });
    return name;
  }

  /** Removes a file; one already gone is not an error (the record is what counts). */
  async remove(name: string): Promise<void> {
    await rm(join(this.dir, name), { force: true });
  }

  static urlOf(name: string): string {
    return BANNER_IMAGES_PATH + name;
  }
}
