import { describe, expect, it } from 'vitest';
import { previewDocument } from '../../src/resources/email-templates/previewDocument';

describe('the preview frame document', () => {
  it('moves inline styles into one style element with the nonce, keeping each element styled', () => {
    const html = '<p style="color: #666666">Footer</p><div><span style="font-weight: bold">Hi</span></div>';
    const doc = new DOMParser().parseFromString(previewDocument(html, 'abc123'), 'text/html');
    expect(doc.querySelectorAll('[style]')).toHaveLength(0);
    const style = doc.querySelector('style')!;
    expect(style.getAttribute('nonce')).toBe('abc123');
    const footer = doc.querySelector('p')!;
    expect(style.textContent).toContain(`[data-preview-style="${footer.dataset.previewStyle}"] { color: rgb(102, 102, 102); }`);
    expect(style.textContent).toContain('font-weight: bold');
    expect(footer.textContent).toBe('Footer');
  });

  it('lets no declaration close the style element, and leaves HTML without styles (or without a nonce) as it is', () => {
    const hostile = '<p style="font-family: \'</style><img src=x onerror=alert(1)>\'; } body { color: red">x</p>';
    const doc = new DOMParser().parseFromString(previewDocument(hostile, 'n'), 'text/html');
    expect(doc.querySelector('img')).toBeNull();
    expect(doc.querySelectorAll('style')).toHaveLength(1);
    expect(doc.querySelector('style')!.textContent).not.toContain('body {');
    expect(previewDocument('<p>plain</p>', 'n')).toBe('<p>plain</p>');
    expect(previewDocument('<p style="color: red">x</p>', undefined)).toBe('<p style="color: red">x</p>');
  });
});
