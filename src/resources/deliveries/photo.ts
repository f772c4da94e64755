import { MAX_PHOTO_BYTES } from '../../../shared/deliveries/proof';

/** The longest side of a photo that had to be redrawn: the goods and their labels still read. */
const MAX_SIDE = 2048;
const QUALITY = 0.85;

/**
 * The photo as it goes with the proof: a JPEG within the server's limit as it is; anything else
 * the browser can draw (a larger camera JPEG, a PNG, a WebP) redrawn as a JPEG at most 2048 px on
 * its longest side, which a phone's photo fits in well under the limit. Null: it cannot be used.
 */
export async function photoForProof(file: Blob): Promise<Blob | null> {
  if (file.type === 'image/jpeg' && file.size <= MAX_PHOTO_BYTES) return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const jpeg = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
    return jpeg && jpeg.size <= MAX_PHOTO_BYTES ? jpeg : null;
  } catch {
    // Not an image this browser can read (a HEIC on some phones, a damaged file).
    return null;
  }
}
