import { randomBytes } from 'node:crypto';

/** 192 random bits, URL-safe: a tracking link cannot be guessed or enumerated (≥ 128 bits asked). */
export const newTrackingToken = (): string => randomBytes(24).toString('base64url');

/** The shape every valid token has; anything else is a 404 without a database query. */
export const TRACKING_TOKEN_PATTERN = '^[A-Za-z0-9_-]{32}$';
