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
