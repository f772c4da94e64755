import { describe, expect, it } from 'vitest';
import { hourlySeries } from '../../shared/mailing/engagement';
import { compileTemplate, renderTemplate, valuesFor } from '../../server/modules/crm/mailing/render';
import { planTracking, trackHtml } from '../../server/modules/crm/engagement/links';
import { clickToken, openToken, readClickToken, readOpenToken } from '../../server/modules/crm/engagement/tokens';

const key = Buffer.alloc(32, 7);

describe('tracked links of campaign mail', () => {
  it('marks each distinct http(s) address and the portal link, leaves mailto, the unsubscribe link and per-recipient addresses alone', () => {
    const template = compileTemplate(
      'Hi',
      '<p><a href="https://a.example/x?y=1&z=2">A</a> <a href="https://a.example/x?y=1&z=2">A again</a> <a href="{{portal_link}}">P</a> ' +
        '<a href="https://b.example/?who={{client_name}}">B</a> <a href="mailto:x@example.com">M</a> <a href="{{unsubscribe_link}}">U</a></p>',
    );
    const plan = planTracking(template, 'https://portal.test');
    expect(plan.links).toEqual(['https://a.example/x?y=1&z=2', 'https://portal.test/']);
    const values = valuesFor({ name: '"><script>', contactName: 'C', email: 'e@example.com', membershipExpiresAt: null }, { portal: 'https://portal.test/', unsubscribe: 'https://portal.test/unsubscribe/t' });
    const html = trackHtml(renderTemplate(plan.template, values).html, (idx) => `https://portal.test/c/${idx}`, 'https://portal.test/o');
    expect([...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([
      'https://portal.test/c/0',
      'https://portal.test/c/0',
      'https://portal.test/c/1',
      'https://b.example/?who=&quot;&gt;&lt;script&gt;',
      'mailto:x@example.com',
      'https://portal.test/unsubscribe/t',
    ]);
    expect(html).toMatch(/<img src="https:\/\/portal\.test\/o" width="1" height="1" alt=""[^>]*>$/);
    // The plain-text part is the template's own: no tracking there.
    expect(plan.template.text).toBe(template.text);
  });

  it('signs tokens that name a send, a link and (only when given) a delivery; any change fails', () => {
    const click = clickToken(key, { sendId: 4, linkIdx: 2, deliveryId: null });
    expect(readClickToken(key, click)).toEqual({ sendId: 4, linkIdx: 2, deliveryId: null });
    const member = clickToken(key, { sendId: 4, linkIdx: 2, deliveryId: 99 });
    expect(readClickToken(key, member)).toEqual({ sendId: 4, linkIdx: 2, deliveryId: 99 });
    expect(readClickToken(key, member.replace('.99.', '.98.'))).toBeNull();
    expect(readClickToken(key, click.replace(/^4\./, '5.'))).toBeNull();
    expect(readClickToken(Buffer.alloc(32, 8), click)).toBeNull();
    const open = openToken(key, { sendId: 4, deliveryId: null });
    expect(readOpenToken(key, open)).toEqual({ sendId: 4, deliveryId: null });
    expect(readClickToken(key, open)).toBeNull();
    expect(readOpenToken(key, click)).toBeNull();
  });
});

describe('the report chart’s hours', () => {
  it('fills the hours between the first and the last with zeros', () => {
    const series = hourlySeries([
      { hour: '2026-11-26T10:00:00.000Z', opens: 3, clicks: 1 },
      { hour: '2026-11-26T13:00:00.000Z', opens: 1, clicks: 0 },
    ]);
    expect(series.map((h) => [h.hour.slice(11, 13), h.opens, h.clicks])).toEqual([
      ['10', 3, 1],
      ['11', 0, 0],
      ['12', 0, 0],
      ['13', 1, 0],
    ]);
    expect(hourlySeries([])).toEqual([]);
  });
});
