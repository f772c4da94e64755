import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { OPEN_LINK, mailingLinks } from '../../../db/schema';
import type { CompiledTemplate, RenderedMail } from '../mailing/render';
import { mailingKey } from '../mailing/signingKeys';
import { planTracking, trackHtml } from './links';
import type { EngagementRecorder } from './recorder';
import { clickToken, openToken, readClickToken, readOpenToken } from './tokens';

const KEY_NAME = 'tracking';
export const clickPath = (token: string) => `/api/mailing/click/${token}`;
export const openPath = (token: string) => `/api/mailing/open/${token}`;

/**
 * The lane's side: a send's template with its links marked, its links stored (once; a lane job
 * that runs again inserts nothing), and each recipient's HTML with signed links and the pixel.
 */
export async function trackedTemplate(db: Db, sendId: number, template: CompiledTemplate, publicUrl: string) {
  const plan = planTracking(template, publicUrl);
  if (plan.links.length) {
    await db
      .insert(mailingLinks)
      .values(plan.links.map((url, idx) => ({ sendId, idx, url })))
      .onConflictDoNothing();
  }
  const key = await mailingKey(db, KEY_NAME);
  return {
    template: plan.template,
    /** `deliveryId` only when the company ties engagement to members. */
    track(mail: RenderedMail, deliveryId: number | null): RenderedMail {
      const html = trackHtml(
        mail.html,
        (linkIdx) => `${publicUrl}${clickPath(clickToken(key, { sendId, linkIdx, deliveryId }))}`,
        `${publicUrl}${openPath(openToken(key, { sendId, deliveryId }))}`,
      );
      return { ...mail, html };
    },
  };
}

/** Sends whose links are held in memory; a send's links never change once its mail went out. */
const LINK_CACHE_SENDS = 2000;

/**
 * The routes' side: a token checked against the key in memory, the link's address from the
 * send's stored links (read once per send, then from memory), the hit handed to the recorder.
 * After the first click of a send, a click waits for no database at all.
 */
export class EngagementTracker {
  private readonly links = new Map<number, Promise<string[]>>();

  constructor(
    private readonly db: Db,
    private readonly recorder: EngagementRecorder,
    private readonly now: () => Date,
  ) {}

  private key(): Promise<Buffer> {
    return mailingKey(this.db, KEY_NAME);
  }

  private linksOf(sendId: number): Promise<string[]> {
    let links = this.links.get(sendId);
    if (links) {
      // Most recently used last: the oldest send goes first when the cache is full.
      this.links.delete(sendId);
      this.links.set(sendId, links);
      return links;
    }
    links = this.db
      .select({ idx: mailingLinks.idx, url: mailingLinks.url })
      .from(mailingLinks)
      .where(eq(mailingLinks.sendId, sendId))
      .orderBy(sql`${mailingLinks.idx}`)
      .then((rows) => {
        const urls: string[] = [];
        for (const row of rows) urls[row.idx] = row.url;
        return urls;
      });
    this.links.set(sendId, links);
    links.catch(() => this.links.delete(sendId));
    if (this.links.size > LINK_CACHE_SENDS) this.links.delete(this.links.keys().next().value!);
    return links;
  }

  /** The address to send the reader to, or null (a forged or unknown token: nothing is counted). */
  async click(token: string): Promise<string | null> {
    const parsed = readClickToken(await this.key(), token);
    if (!parsed) return null;
    const url = (await this.linksOf(parsed.sendId))[parsed.linkIdx];
    if (!url) return null;
    this.recorder.record({ sendId: parsed.sendId, kind: 'click', linkIdx: parsed.linkIdx, deliveryId: parsed.deliveryId, at: this.now() });
    return url;
  }

  /** Whether the pixel's token holds (then the open is counted). */
  async open(token: string): Promise<boolean> {
    const parsed = readOpenToken(await this.key(), token);
    if (!parsed) return false;
    this.recorder.record({ sendId: parsed.sendId, kind: 'open', linkIdx: OPEN_LINK, deliveryId: parsed.deliveryId, at: this.now() });
    return true;
  }
}
