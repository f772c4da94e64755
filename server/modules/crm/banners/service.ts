import { and, asc, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { banners } from '../../../db/schema';
import type { CurrentUser } from '../../../auth/roles';
import { recordAudit } from '../../../audit/record';
import { pagedList, qualified } from '../../../db/queryParts';
import { badRequest, notFound } from '../../../http/errors';
import { idsCondition, likePattern, orderByOf } from '../../../http/listQuery';
import { BannerImageStore, imageTypeOf } from './images';
import type { BannerInput, BannerListParams, BannerRecord } from './schemas';

const columns = {
  id: banners.id,
  title: banners.title,
  image_name: banners.imageName,
  link_url: banners.linkUrl,
  active_from: banners.activeFrom,
  active_to: banners.activeTo,
  position: banners.position,
  active: banners.active,
};
interface BannerRow {
  id: number;
  title: string;
  image_name: string;
  link_url: string | null;
  active_from: Date | null;
  active_to: Date | null;
  position: number;
  active: boolean;
}

function toRecord(row: BannerRow): BannerRecord {
  const { image_name, ...rest } = row;
  return {
    ...rest,
    image_url: BannerImageStore.urlOf(image_name),
    active_from: row.active_from?.toISOString() ?? null,
    active_to: row.active_to?.toISOString() ?? null,
  };
}

/** What members see: active, and `now` inside [active_from, active_to] (a null bound is open). */
export function shownAt(now: Date): SQL {
  return and(
    eq(banners.active, true),
    or(isNull(banners.activeFrom), lte(banners.activeFrom, now)),
    or(isNull(banners.activeTo), gte(banners.activeTo, now)),
  )!;
}

/**
 * `crm/banners`: the admin manages every banner (paged, sorted, filtered); everyone else reads the
 * banners shown right now, in their display order.
 */
export async function listBanners(db: Db, user: CurrentUser, query: BannerListParams, now: Date): Promise<{ data: BannerRecord[]; total: number }> {
  const manages = user.role === 'admin';
  const conditions: (SQL | undefined)[] = [idsCondition(banners.id, query.ids)];
  if (!manages || query.active_now) conditions.push(shownAt(now));
  if (query.q) conditions.push(sql`${qualified(banners.title)} ilike ${likePattern(query.q)}`);
  const sortColumns = {
    position: banners.position,
    title: sql`lower(${qualified(banners.title)})`,
    active_from: banners.activeFrom,
    active_to: banners.activeTo,
    active: banners.active,
    id: banners.id,
  };
  const page = await pagedList<BannerRow>(db, {
    from: banners,
    columns,
    where: and(...conditions),
    orderBy: manages ? orderByOf(sortColumns, query, banners.id) : [asc(banners.position), asc(banners.id)],
    query,
  });
  return { data: page.data.map(toRecord), total: page.total };
}

async function bannerRow(db: Db | Tx, id: number, lock = false): Promise<BannerRow> {
  const query = db.select(columns).from(banners).where(eq(banners.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Banner');
  return row;
}

/**
 * `crm/savebanner`: creates without `id` (an image is required), updates with one (the image is
 * kept unless a new one comes). The new file is written before the transaction and removed if it
 * fails, so no record ever points at a missing file; a replaced file is removed after the commit.
 */
export async function saveBanner(
  db: Db,
  images: BannerImageStore,
  user: CurrentUser,
  input: BannerInput,
  image: Buffer | null,
): Promise<{ banner: BannerRecord; created: boolean }> {
  if (!input.id && !image) throw badRequest('image', 'image is required');
  let newImage: string | null = null;
  if (image) {
    const type = imageTypeOf(image);
    if (!type) throw badRequest('image', 'image must be a PNG, JPEG, WebP or GIF picture');
    newImage = await images.save(image, type);
  }
  const fields = {
    title: input.title,
    linkUrl: input.link_url,
    activeFrom: input.active_from,
    activeTo: input.active_to,
    position: input.position,
    active: input.active,
    ...(newImage ? { imageName: newImage } : {}),
  };
  try {
    const { row, replaced } = await db.transaction(async (tx) => {
      if (input.id) {
        const before = await bannerRow(tx, input.id, true);
        await tx.update(banners).set({ ...fields, updatedAt: new Date() }).where(eq(banners.id, input.id));
        const after = await bannerRow(tx, input.id);
        await recordAudit(tx, { userId: user.id, action: 'update_banner', entity: 'banner', entityId: input.id, before, after });
        return { row: after, replaced: newImage ? before.image_name : null };
      }
      const [{ id }] = await tx.insert(banners).values({ ...fields, imageName: newImage! }).returning({ id: banners.id });
      const after = await bannerRow(tx, id);
      await recordAudit(tx, { userId: user.id, action: 'create_banner', entity: 'banner', entityId: id, after });
      return { row: after, replaced: null };
    });
    if (replaced) await images.remove(replaced);
    return { banner: toRecord(row), created: !input.id };
  } catch (error) {
    if (newImage) await images.remove(newImage);
    throw error;
  }
}

/** `crm/deletebanner`: the record (audited) and then its file. */
export async function deleteBanner(db: Db, images: BannerImageStore, user: CurrentUser, id: number): Promise<void> {
  const row = await db.transaction(async (tx) => {
    const found = await bannerRow(tx, id, true);
    await tx.delete(banners).where(eq(banners.id, id));
    await recordAudit(tx, { userId: user.id, action: 'delete_banner', entity: 'banner', entityId: id, before: found });
    return found;
  });
  await images.remove(row.image_name);
}
