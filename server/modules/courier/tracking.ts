import { sql, type SQL } from 'drizzle-orm';
import { isoText } from '../../db/queryParts';
import { courierEvents, courierTrackingTemplates } from '../../db/schema';
import { allWaybills } from './waybills';
import { trackingUrl } from './templates';
import type { TrackingEventRecord, WaybillLinkRecord } from './schemas';

/**
 * What an order answer shows of its courier: correlated subqueries on the order's id, so the
 * order's statement stays one round trip. `orderId` is the outer query's order id column.
 */
export function courierTrackingColumns(orderId: SQL) {
  const waybills = sql`(select w.waybill from ${allWaybills()} w where w.order_id = ${orderId})`;
  return {
    // Time order; two events at the same moment in the order they arrived.
    tracking: sql<TrackingEventRecord[]>`(select coalesce(json_agg(json_build_object('waybill', e.waybill, 'status', e.status, 'at', ${isoText(sql`e.at`)}, 'location', e.location) order by e.at, e.id), '[]'::json)
      from ${courierEvents} e where e.waybill in ${waybills})`,
    // Each waybill once, in a stable order: a hand dispatch sends the rest under the order's own
    // waybill, so the order and its delivery name the same parcel: one link for it, not two.
    waybill_templates: sql<WaybillTemplateRow[]>`(select coalesce(json_agg(json_build_object('courier', w.courier, 'waybill', w.waybill, 'url_template', t.url_template) order by w.waybill), '[]'::json)
      from (select distinct on (a.waybill) a.courier, a.waybill from ${allWaybills()} a where a.order_id = ${orderId} order by a.waybill, a.courier) w
      left join ${courierTrackingTemplates} t on lower(t.courier) = lower(trim(w.courier)))`,
  };
}

interface WaybillTemplateRow {
  courier: string;
  waybill: string;
  url_template: string | null;
}

interface CourierTrackingRow {
  tracking: TrackingEventRecord[];
  waybill_templates: WaybillTemplateRow[];
}

/**
 * A row read with the columns above as the order answer gives it: the raw columns replaced by the
 * courier fields (each waybill's link, the first link as `tracking_url`).
 */
export function withCourierTracking<Row extends CourierTrackingRow>(row: Row) {
  const { tracking, waybill_templates: templates, ...rest } = row;
  const waybills: WaybillLinkRecord[] = templates.map(({ courier, waybill, url_template }) => ({
    courier,
    waybill,
    tracking_url: url_template ? trackingUrl(url_template, waybill) : null,
  }));
  return { ...rest, tracking, waybills, tracking_url: waybills.find((link) => link.tracking_url)?.tracking_url ?? null };
}
