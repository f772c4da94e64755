import type { Static } from 'typebox';
import type * as records from '../../../shared/banking/records';
import type * as wire from './wire';

/**
 * The web app reads the bank answers as the plain types of shared/banking/records.ts; the server
 * answers what the TypeBox shapes of wire.ts say. This file only type-checks: it fails
 * `npm run typecheck` as soon as the two disagree on a record's fields.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;

export type WireMatchesRecords = [
  Holds<Same<Static<typeof wire.ImportResult>['data'], records.ImportSummary>>,
  Holds<Same<Static<typeof wire.Statement>, records.BankStatement>>,
  Holds<Same<Static<typeof wire.Line>, records.BankLine>>,
  Holds<Same<Static<typeof wire.Rule>, records.BankRule>>,
];
