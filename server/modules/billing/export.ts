import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { centsToDecimal } from '../../../shared/billing/vat';

/** The columns an accountant's package imports (Sage/Pastel-style journal lines). */
/** `source`: where a payment came from (manual, proof, eft_matched, eft_by_hand, payfast); empty for documents. */
const header = ['document_type', 'number', 'date', 'client', 'account_code', 'reference', 'amount_excl_vat', 'vat', 'total', 'source'];

const csvCell = (value: string) => (/[",\n\r]/.test(value) || /^[=+\-@]/.test(value) ? `"${value.replace(/^([=+\-@])/, "'$1").replace(/"/g, '""')}"` : value);

/**
 * `billing/export`: invoices, credit and debit notes and confirmed payments of a period, one row
 * each, amounts as rand with two decimals (credits negative). The account code is the client's
 * debtor account, `D` + its id, stable across exports.
 */
export async function accountingCsv(db: Db, from: string, to: string): Promise<string> {
  const rows = rowsOf<{ type: string; number: string; date: string; client: string; client_id: number; reference: string; excl: number; vat: number; total: number; source: string }>(
    await db.execute(sql`
      select * from (
        select d.type, d.number, d.issue_date::text as date, c.name as client, c.id as client_id,
          coalesce(o.reference, i.number, '') as reference,
          case when d.type = 'credit_note' then -d.total_excl_vat else d.total_excl_vat end as excl,
          case when d.type = 'credit_note' then -d.vat else d.vat end as vat,
          case when d.type = 'credit_note' then -d.total else d.total end as total, '' as source, d.id as sort_id, 0 as kind
        from billing_documents d join clients c on c.id = d.client_id
        left join orders o on o.id = d.order_id left join billing_documents i on i.id = d.invoice_id
        where d.issue_date between ${from} and ${to}
        union all
        select 'payment', 'PAY-' || lpad(p.id::text, 6, '0'), p.paid_at::text, c.name, c.id, p.reference, -p.amount, 0, -p.amount, p.source, p.id, 1
        from payments p join clients c on c.id = p.client_id
        where p.status = 'confirmed' and p.paid_at between ${from} and ${to}
      ) e order by date, kind, sort_id`),
  );
  const lines = rows.map((row) =>
    [row.type, row.number, row.date, row.client, `D${String(row.client_id).padStart(5, '0')}`, row.reference, centsToDecimal(Number(row.excl)), centsToDecimal(Number(row.vat)), centsToDecimal(Number(row.total)), row.source]
      .map((cell) => csvCell(String(cell)))
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
