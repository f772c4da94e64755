import type { CompiledTemplate } from '../mailing/render';

/**
 * Finding and rewriting the links of a campaign mail's HTML. A send's tracked links are the
 * distinct http(s) addresses its anchors point at, as written in the template (no placeholder in
 * them, since one address per send is what a link index names), plus `{{portal_link}}`; the
 * unsubscribe link and mailto: are left alone. Sanitised HTML (render.ts) writes every attribute in
 * double quotes with & < > " encoded, which is what this reads.
 */
const anchorHref = /(<a\b[^>]*?\shref=")([^"]*)(")/gi;
const portalPlaceholder = /^\{\{\s*portal_link\s*\}\}$/;
/** Marks a link's place in the prepared template; the values filled in are HTML-escaped and cannot hold it. */
const MARK = '\u0001';
const markPattern = new RegExp(`${MARK}(\\d+)${MARK}`, 'g');

const decode = (value: string) => value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

function trackedUrl(href: string, publicUrl: string): string | null {
  const value = decode(href.trim());
  if (portalPlaceholder.test(value)) return `${publicUrl}/`;
  if (/^https?:\/\//i.test(value) && !value.includes('{{')) return value;
  return null;
}

export interface TrackingPlan {
  /** The template with each tracked href replaced by its link's mark. */
  template: CompiledTemplate;
  /** The send's links; a click token names one by its index here. */
  links: string[];
}

export function planTracking(template: CompiledTemplate, publicUrl: string): TrackingPlan {
  const links: string[] = [];
  const html = template.html.replace(anchorHref, (whole, before: string, href: string, after: string) => {
    const url = trackedUrl(href, publicUrl);
    if (url === null) return whole;
    let idx = links.indexOf(url);
    if (idx < 0) idx = links.push(url) - 1;
    return `${before}${MARK}${idx}${MARK}${after}`;
  });
  return { template: { ...template, html }, links };
}

/** One recipient's HTML: each mark becomes its signed redirect address, and the open pixel goes at the end. */
export function trackHtml(html: string, clickUrl: (linkIdx: number) => string, pixelUrl: string): string {
  const linked = html.replace(markPattern, (_, idx: string) => clickUrl(Number(idx)));
  return `${linked}<img src="${pixelUrl}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">`;
}
