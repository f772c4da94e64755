import { UploadFolder } from '../../../uploads/folder';

// Told from the file's bytes by the uploads layer, which the payment proofs use too.
export { type ImageType, imageTypeOf } from '../../../uploads/imageType';

/** The largest banner image accepted (the multipart limit of savebanner). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** The public path the image files are served under (routes.ts), and so the prefix of `image_url`. */
export const BANNER_IMAGES_PATH = '/uploads/banners/';

/** The banner image files in `<uploads>/banners`, served publicly under BANNER_IMAGES_PATH. */
export class BannerImageStore extends UploadFolder {
  constructor(uploadsDir: string) {
    super(uploadsDir, 'banners');
  }

  static urlOf(name: string): string {
    return BANNER_IMAGES_PATH + name;
  }
}
