import type { Identifier } from 'react-admin';

/** Where a statement's reconciliation opens. */
export const reconcilePath = (statementId: Identifier) => `/bank-statements/${statementId}`;
export const STATEMENTS_PATH = '/bank-statements';
