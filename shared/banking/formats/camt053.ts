import { StatementError, type ParsedStatement, type StatementLine } from '../statement';
import { requireCents, requireDay } from '../values';
import { child, children, descendants, parseXml, XmlError, type XmlElement } from '../xml';

/** `<Amt Ccy="ZAR">` with a `CdtDbtInd` beside it: CRDT is money in, DBIT money out. */
function signedAmount(holder: XmlElement, amount: XmlElement | undefined, what: string): number {
  if (!amount) throw new StatementError(`the ${what} has no amount`, holder.line);
  const cents = requireCents(amount.text, amount.line);
  if (cents < 0) throw new StatementError(`an amount of camt.053 has no sign (CdtDbtInd says it): "${amount.text}"`, amount.line);
  const indicator = child(holder, 'CdtDbtInd')?.text;
  if (indicator !== 'CRDT' && indicator !== 'DBIT') throw new StatementError(`the ${what} has no CdtDbtInd (CRDT or DBIT)`, holder.line);
  return indicator === 'DBIT' ? -cents : cents;
}

const dateOf = (holder: XmlElement | undefined, at: number): string => {
  const day = child(holder, 'Dt') ?? child(holder, 'DtTm');
  if (!day) throw new StatementError('the entry has no booking date', at);
  return requireDay(day.text.slice(0, 10), day.line);
};

/** The customer's words: unstructured remittance lines, or the structured creditor reference. */
const remittance = (tx: XmlElement | undefined): string =>
  [...children(child(tx, 'RmtInf'), 'Ustrd').map((u) => u.text), ...descendants(child(tx, 'RmtInf') ?? { children: [] } as unknown as XmlElement, 'Ref').map((r) => r.text)].join(' ').trim();

/**
 * ISO 20022 camt.053: each `Stmt` with `Bal` typed OPBD/CLBD and `Ntry` entries. An entry with
 * several `TxDtls` (a batch) becomes one line per transaction, each with its own amount; the
 * bank's id is the entry's AcctSvcrRef (or NtryRef), with the transaction's place in a batch.
 */
export function readCamt053(text: string): ParsedStatement {
  let document: XmlElement;
  try {
    document = parseXml(text);
  } catch (error) {
    if (error instanceof XmlError) throw new StatementError(error.message, error.line);
    throw error;
  }
  const statements = descendants(document, 'Stmt');
  if (statements.length === 0) throw new StatementError('A camt.053 file without a Stmt');
  const result: ParsedStatement = { format: 'camt053', account: '', currency: 'ZAR', opening: null, closing: null, closingLine: null, lines: [] };
  for (const [index, stmt] of statements.entries()) {
    const account = child(stmt, 'Acct', 'Id');
    result.account ||= (child(account, 'IBAN') ?? child(account, 'Othr', 'Id'))?.text ?? '';
    result.currency = child(stmt, 'Acct', 'Ccy')?.text || result.currency;
    for (const balance of children(stmt, 'Bal')) {
      const type = child(balance, 'Tp', 'CdOrPrtry', 'Cd')?.text;
      const amount = signedAmount(balance, child(balance, 'Amt'), 'balance');
      if (type === 'OPBD' && index === 0) result.opening = amount;
      if (type === 'CLBD') {
        result.closing = amount;
        result.closingLine = balance.line;
      }
    }
    for (const entry of children(stmt, 'Ntry')) {
      const entryAmount = signedAmount(entry, child(entry, 'Amt'), 'entry');
      const date = dateOf(child(entry, 'BookgDt') ?? child(entry, 'ValDt'), entry.line);
      const bankRef = child(entry, 'AcctSvcrRef')?.text || child(entry, 'NtryRef')?.text || null;
      const details = children(child(entry, 'NtryDtls'), 'TxDtls');
      const extra = child(entry, 'AddtlNtryInf')?.text ?? '';
      const lineOf = (tx: XmlElement | undefined, amount: number, position: number | null): StatementLine => ({
        line: (tx ?? entry).line,
        date,
        amount,
        description: [child(tx, 'RltdPties', 'Dbtr', 'Nm')?.text ?? child(tx, 'RltdPties', 'Dbtr', 'Pty', 'Nm')?.text, extra].filter(Boolean).join(' '),
        reference: remittance(tx) || child(tx, 'Refs', 'EndToEndId')?.text || '',
        bankId: bankRef === null ? null : position === null ? bankRef : `${bankRef}/${position}`,
        balance: null,
      });
      const withAmounts = details.filter((tx) => child(tx, 'Amt') ?? child(tx, 'AmtDtls', 'TxAmt', 'Amt'));
      if (details.length > 1 && withAmounts.length === details.length) {
        const lines = details.map((tx, i) => {
          const amount = child(tx, 'Amt') ?? child(tx, 'AmtDtls', 'TxAmt', 'Amt');
          const cents = requireCents(amount!.text, amount!.line);
          const indicator = child(tx, 'CdtDbtInd')?.text ?? child(entry, 'CdtDbtInd')?.text;
          return lineOf(tx, indicator === 'DBIT' ? -cents : cents, i + 1);
        });
        const sum = lines.reduce((s, l) => s + l.amount, 0);
        if (sum !== entryAmount) throw new StatementError(`the entry's transactions add up to ${sum} cents, not its amount of ${entryAmount}`, entry.line);
        result.lines.push(...lines);
      } else result.lines.push(lineOf(details[0], entryAmount, null));
    }
  }
  return result;
}
