import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES } from '../../shared/deliveries/proof';
import { photoForProof } from '../../src/resources/deliveries/photo';

/**
 * The proof's photo: a JPEG within the server's limit goes untouched (no second compression of a
 * phone's picture); what cannot be drawn here (jsdom draws nothing, as a phone cannot draw a
 * damaged file) is not used. The redrawing itself is the browser test's (tests/e2e/deliveries.spec.ts).
 */
describe('the photo that goes with a proof of delivery', () => {
  it('is the JPEG taken when it is within the limit', async () => {
    const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: 'image/jpeg' });
    expect(await photoForProof(jpeg)).toBe(jpeg);
  });

  it('is nothing when a picture over the limit, or not a JPEG, cannot be redrawn', async () => {
    expect(await photoForProof(new Blob([new Uint8Array(MAX_PHOTO_BYTES + 1)], { type: 'image/jpeg' }))).toBeNull();
    expect(await photoForProof(new Blob(['not a picture'], { type: 'text/plain' }))).toBeNull();
  });
});
