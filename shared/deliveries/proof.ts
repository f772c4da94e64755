/**
 * The proof of delivery's limits, read by the server (which refuses the rest) and by the phone
 * screen (which says so before anything is sent).
 */

/** A photo of the goods handed over, at most this big (the screen redraws a larger one smaller). */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** A drawn signature is a small PNG; anything bigger is no signature. */
export const MAX_SIGNATURE_BYTES = 1024 * 1024;
export const MAX_SIGNED_BY = 120;

/** The statuses a delivery may be made from: confirmed until dispatched (what is left after a dispatch may follow). */
export const DELIVERABLE_STATUSES = ['confirmed', 'in_production', 'ready', 'dispatched'] as const;

/**
 * Who sends goods and proves their delivery: the server's access to making deliveries, picking slips
 * and proofs, and the screens that offer them (which only hide what the server refuses).
 */
export const SHIPPER_ROLES = ['admin', 'production'] as const;
export const shipsGoods = (role: string | undefined) => (SHIPPER_ROLES as readonly (string | undefined)[]).includes(role);
