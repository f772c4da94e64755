import { desc, eq, sql } from 'drizzle-orm';
import { vatClasses } from '../../../shared/billing/vat';
import type { Db, Tx } from '../../db/client';
import { billingSettings, vatRates, type DocumentParty } from '../../db/schema';
import { recordAudit } from '../../audit/record';
import { snapshot } from '../../audit/snapshot';
import { conflict } from '../../http/errors';
import { uniqueViolation } from '../../db/uniqueViolation';
import type { CurrentUser } from '../../auth/roles';
import type { SaveSettingsBody, SettingsRecord } from './wire';

type SettingsRow = typeof billingSettings.$inferSelect;

export async function settingsRow(db: Db | Tx): Promise<SettingsRow> {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.id, 1));
  return row;
}

export function settingsRecord(row: SettingsRow): SettingsRecord {
  return {
    legal_name: row.legalName,
    address: row.address,
    vat_number: row.vatNumber,
    registration_number: row.registrationNumber,
    bank_name: row.bankName,
    bank_account_name: row.bankAccountName,
    bank_account_number: row.bankAccountNumber,
    bank_branch_code: row.bankBranchCode,
    invoice_prefix: row.invoicePrefix,
    credit_note_prefix: row.creditNotePrefix,
    debit_note_prefix: row.debitNotePrefix,
    default_payment_terms: row.defaultPaymentTerms,
    prices_include_vat: row.pricesIncludeVat,
  };
}

/** The supplier as a document names it on the day it is issued (copied into the document). */
export function supplierParty(row: SettingsRow): DocumentParty {
  const bank = row.bankAccountNumber
    ? { bank_name: row.bankName, account_name: row.bankAccountName || row.legalName, account_number: row.bankAccountNumber, branch_code: row.bankBranchCode }
    : undefined;
  return { name: row.legalName, address: row.address, vat_number: row.vatNumber, registration_number: row.registrationNumber, ...(bank ? { bank } : {}) };
}

export async function getSettings(db: Db | Tx) {
  const [row, rates] = await Promise.all([
    settingsRow(db),
    // As the settings screen lists them: by class (standard, zero-rated, exempt), the newest first.
    db
      .select({ id: vatRates.id, vat_class: vatRates.vatClass, rate_bp: vatRates.rateBp, valid_from: vatRates.validFrom })
      .from(vatRates)
      .orderBy(sql`array_position(${sql.raw(`array[${vatClasses.map((c) => `'${c}'`).join(', ')}]`)}, ${vatRates.vatClass}::text)`, desc(vatRates.validFrom)),
  ]);
  return { ...settingsRecord(row), vat_rates: rates };
}

const columns: Record<keyof SettingsRecord, keyof SettingsRow> = {
  legal_name: 'legalName',
  address: 'address',
  vat_number: 'vatNumber',
  registration_number: 'registrationNumber',
  bank_name: 'bankName',
  bank_account_name: 'bankAccountName',
  bank_account_number: 'bankAccountNumber',
  bank_branch_code: 'bankBranchCode',
  invoice_prefix: 'invoicePrefix',
  credit_note_prefix: 'creditNotePrefix',
  debit_note_prefix: 'debitNotePrefix',
  default_payment_terms: 'defaultPaymentTerms',
  prices_include_vat: 'pricesIncludeVat',
};

/**
 * `billing/savesettings`: the fields sent, and a new VAT rate row. A rate may only start after
 * today: a past day's rate decided documents already issued, and those never change.
 */
export async function saveSettings(db: Db, user: CurrentUser, body: SaveSettingsBody, today: string) {
  const { new_rate: newRate, ...fields } = body;
  const prefixes = [fields.invoice_prefix, fields.credit_note_prefix, fields.debit_note_prefix].filter((p) => p !== undefined);
  if (new Set(prefixes).size !== prefixes.length) throw conflict('credit_note_prefix', 'Invoices, credit notes and debit notes need different number prefixes');
  try {
    await db.transaction(async (tx) => {
      const before = await snapshot(tx, billingSettings, 1);
      const changes: Partial<SettingsRow> = { updatedAt: new Date() };
      for (const [key, value] of Object.entries(fields) as [keyof SettingsRecord, string | boolean][]) {
        (changes as Record<string, unknown>)[columns[key]] = typeof value === 'string' ? value.trim() : value;
      }
      const after = { ...(await settingsRow(tx)), ...changes };
      if (new Set([after.invoicePrefix, after.creditNotePrefix, after.debitNotePrefix]).size !== 3) {
        throw conflict('invoice_prefix', 'Invoices, credit notes and debit notes need different number prefixes');
      }
      await tx.update(billingSettings).set(changes).where(eq(billingSettings.id, 1));
      if (newRate) {
        if (newRate.valid_from <= today) throw conflict('new_rate.valid_from', `A new rate starts after today (${today}); rates of past days decided issued documents`);
        await tx.insert(vatRates).values({ vatClass: newRate.vat_class, rateBp: newRate.rate_bp, validFrom: newRate.valid_from });
      }
      await recordAudit(tx, {
        userId: user.id,
        action: 'save_billing_settings',
        entity: 'billing_settings',
        entityId: 1,
        data: newRate ? { new_rate: newRate } : undefined,
        before,
        after: await snapshot(tx, billingSettings, 1),
      });
    });
  } catch (error) {
    if (uniqueViolation(error) === 'vat_rates_class_from') throw conflict('new_rate.valid_from', 'That class already has a rate starting on that day');
    throw error;
  }
  return getSettings(db);
}
