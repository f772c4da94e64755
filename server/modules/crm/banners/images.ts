import { UploadFolder } from '../../../uploads/folder';

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

/** The banner image files in `<uploads>/banners`, served publicly under BANNER_IMAGES_PATH. */
export class BannerImageStore extends UploadFolder {
  constructor(uploadsDir: string) {
    super(uploadsDir, 'banners');
  }

  static urlOf(name: string): string {
    return BANNER_IMAGES_PATH + name;
  }
}
