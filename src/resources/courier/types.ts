/** What an order answer and the public tracking page carry of the courier (server/modules/courier/schemas.ts). */
export interface CourierTracking {
  /** The courier's events of the order's waybills, in time order. */
  tracking: { waybill: string; status: string; at: string; location: string }[];
  waybills: { courier: string; waybill: string; tracking_url: string | null }[];
  /** The first waybill's link on its courier's site, when the courier has a template. */
  tracking_url: string | null;
}

export interface TrackingTemplate {
  courier: string;
  url_template: string;
}
