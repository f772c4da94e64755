import { decodeEntities } from '../xml';
import { StatementError, type ParsedStatement } from '../statement';
import { parseCents, requireDay } from '../values';

/** A leaf element's text: in OFX 1.x (SGML) it has no closing tag and ends at the next tag or line end. */
const field = (block: string, name: string): string => decodeEntities(new RegExp(`<${name}>([^<\\r\\n]*)`, 'i').exec(block)?.[1]?.trim() ?? '');

/**
 * OFX 1.x (SGML, `OFXHEADER:100`, leaf tags unclosed) and 2.x (XML): `STMTTRN` blocks with
 * `DTPOSTED`, `TRNAMT`, `FITID`, `NAME`, `MEMO`; `LEDGERBAL/BALAMT` is the closing balance.
 */
export function readOfx(text: string): ParsedStatement {
  const lineAt = (index: number) => text.slice(0, index).split('\n').length;
  const result: ParsedStatement = { format: 'ofx', account: field(text, 'ACCTID'), currency: field(text, 'CURDEF') || 'ZAR', opening: null, closing: null, closingLine: null, lines: [] };
  const blocks = [...text.matchAll(/<STMTTRN>([\s\S]*?)<\/STMTTRN>/gi)];
  if (blocks.length === 0 && !/<BANKTRANLIST>/i.test(text)) throw new StatementError('An OFX file without a statement (BANKTRANLIST)');
  for (const block of blocks) {
    const line = lineAt(block.index);
    const amountText = field(block[1], 'TRNAMT');
    const amount = parseCents(amountText) ?? (amountText.includes('.') ? null : parseCents(amountText, ','));
    if (amount === null) throw new StatementError(`the amount "${amountText}" is not an amount`, line);
    const posted = field(block[1], 'DTPOSTED');
    result.lines.push({
      line,
      date: requireDay(posted.slice(0, 8), line),
      amount,
      description: field(block[1], 'NAME'),
      reference: field(block[1], 'MEMO') || field(block[1], 'REFNUM') || field(block[1], 'CHECKNUM'),
      bankId: field(block[1], 'FITID') || null,
      balance: null,
    });
  }
  const ledger = /<LEDGERBAL>[\s\S]*?<BALAMT>([^<\r\n]*)/i.exec(text);
  if (ledger) {
    result.closingLine = lineAt(ledger.index);
    result.closing = parseCents(ledger[1]);
    if (result.closing === null) throw new StatementError(`the ledger balance "${ledger[1].trim()}" is not an amount`, result.closingLine);
  }
  const unclosed = (text.match(/<STMTTRN>/gi)?.length ?? 0) - blocks.length;
  if (unclosed > 0 || (/<OFX>/i.test(text) && !/<\/OFX>/i.test(text))) throw new StatementError('the OFX file is cut short (an element is never closed)', text.split('\n').length);
  return result;
}
