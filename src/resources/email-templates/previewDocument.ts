/**
 * The preview frame's document. A `srcdoc` frame lives under this page's Content-Security-Policy,
 * which allows no inline `style` attribute, yet mail HTML styles its elements that way (the
 * server's sanitiser keeps `style`). So each element's declarations move into one `<style>` that
 * carries the page's nonce, keyed by a data attribute: the preview looks as the mail will, and the
 * policy stays whole. The declarations are the browser's own re-serialisation of what it parsed
 * (through CSSOM on a detached element: the parsed document's own style attributes are refused by
 * the same policy), with `<` escaped so nothing can close the style element.
 */
const SOURCE = 'data-preview-style-source';

export function previewDocument(html: string, nonce: string | undefined): string {
  if (!nonce || !html.includes('style')) return html;
  // Parsed with the style attributes renamed: a parsed document lives under this page's policy too,
  // and would report every style attribute it meets as a violation.
  const renamed = html.replace(/<[a-z][^>]*>/gi, (tag) => tag.replace(/(\s)style\s*=/gi, `$1${SOURCE}=`));
  const doc = new DOMParser().parseFromString(renamed, 'text/html');
  const rules: string[] = [];
  const probe = document.createElement('span');
  doc.querySelectorAll<HTMLElement>(`[${SOURCE}]`).forEach((element, index) => {
    probe.style.cssText = element.getAttribute(SOURCE) ?? '';
    const declarations = probe.style.cssText;
    element.removeAttribute(SOURCE);
    if (!declarations) return;
    element.setAttribute('data-preview-style', String(index));
    rules.push(`[data-preview-style="${index}"] { ${declarations} }`);
  });
  if (!rules.length) return html;
  const style = doc.createElement('style');
  style.setAttribute('nonce', nonce);
  style.textContent = rules.join('\n').replace(/</g, '\\3c ');
  doc.head.append(style);
  return `<!doctype html>${doc.documentElement.outerHTML}`;
}
