import type { Static } from 'typebox';
import type * as records from '../../../shared/billing/records';
import type * as wire from './wire';

/**
 * The web app reads billing answers as the plain types of shared/billing/records.ts; the server
 * answers what the TypeBox shapes of wire.ts say. This file only type-checks: it fails
 * `npm run typecheck` as soon as the two disagree on a record's fields.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;

export type WireMatchesRecords = [
  Holds<Same<Static<typeof wire.Settings>, records.BillingSettings>>,
  Holds<Same<Static<typeof wire.DocumentSummary>, records.DocumentSummary>>,
  Holds<Same<Static<typeof wire.DocumentLine>, records.DocumentLine>>,
  Holds<Same<Static<typeof wire.BillingDocument>['lines'], records.BillingDocument['lines']>>,
  Holds<Same<Static<typeof wire.BillingDocument>['notes'], records.BillingDocument['notes']>>,
  Holds<Same<Static<typeof wire.BillingDocument>['allocations'], records.BillingDocument['allocations']>>,
  Holds<Same<Static<typeof wire.BillingDocument>['by_class'], records.BillingDocument['by_class']>>,
  Holds<Same<Static<typeof wire.Payment>, records.Payment>>,
  Holds<Same<Static<typeof wire.Statement>, records.Statement>>,
  Holds<Same<Static<typeof wire.Debtor>, records.Debtor>>,
  Holds<Same<Static<typeof wire.AccountSummary>['data'], records.AccountSummary>>,
  Holds<Same<Static<typeof wire.CreditPositionSchema>, records.CreditPosition>>,
];
