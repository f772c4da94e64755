import { Type, type Static } from 'typebox';
import { dataOf } from '../../http/schemas';

/** The wire shapes of courier tracking: the webhook's event, the order's tracking, the link templates. */

const Timestamp = Type.String({ format: 'date-time' });

/** What a courier posts to `api/webhooks/courier`: the courier's own words for the status, as given. */
export const CourierEventInput = Type.Object(
  {
    waybill: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    status: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    /** When it happened, with its offset: the same moment written in two zones is one event. */
    at: Timestamp,
    location: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type CourierEventBody = Static<typeof CourierEventInput>;

export const CourierEventReply = dataOf(
  Type.Object({
    id: Type.Integer(),
    /** The event was already recorded (a courier's retry, signed anew): kept once, nothing changed. */
    duplicate: Type.Boolean(),
    /** How many orders carry the waybill now; 0: kept until one does. */
    orders: Type.Integer(),
  }),
);

/** One courier event as an order and the public tracking page show it. */
const TrackingEvent = Type.Object({ waybill: Type.String(), status: Type.String(), at: Timestamp, location: Type.String() });
export type TrackingEventRecord = Static<typeof TrackingEvent>;

/** A waybill the order carries, with the courier's tracking page when a template is set for its courier. */
const WaybillLink = Type.Object({ courier: Type.String(), waybill: Type.String(), tracking_url: Type.Union([Type.String(), Type.Null()]) });
export type WaybillLinkRecord = Static<typeof WaybillLink>;

/** What an order answer gains: its courier events in time order, its waybills, the first courier link. */
export const CourierTrackingFields = {
  tracking: Type.Array(TrackingEvent),
  waybills: Type.Array(WaybillLink),
  tracking_url: Type.Union([Type.String(), Type.Null()]),
};

const MAX_TEMPLATES = 50;
const TrackingTemplate = Type.Object(
  {
    courier: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    /** An http(s) address with `{waybill}` where the waybill goes. */
    url_template: Type.String({ minLength: 1, maxLength: 500 }),
  },
  { additionalProperties: false },
);
export type TrackingTemplateRecord = Static<typeof TrackingTemplate>;
export const TrackingTemplatesInput = Type.Object({ templates: Type.Array(TrackingTemplate, { maxItems: MAX_TEMPLATES }) }, { additionalProperties: false });
export const TrackingTemplatesReply = dataOf(Type.Array(TrackingTemplate));
