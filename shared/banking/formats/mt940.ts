import { StatementError, type ParsedStatement } from '../statement';
import { parseCents } from '../values';

const TAG = /^:(\d{2}[A-Z]?):(.*)$/;

/** `C250301ZAR10000,00`: a balance's sign, date, currency and amount (comma decimals). */
function balanceOf(value: string, line: number): { cents: number; currency: string } {
  const m = /^([CD])(\d{6})([A-Z]{3})([\d,]+)$/.exec(value.trim());
  const cents = m ? parseCents(m[4], ',') : null;
  if (!m || cents === null) throw new StatementError(`the balance "${value.trim()}" is not a balance (C or D, YYMMDD, currency, amount)`, line);
  return { cents: m[1] === 'D' ? -cents : cents, currency: m[3] };
}

const yymmdd = (text: string, line: number): string => {
  const iso = `20${text.slice(0, 2)}-${text.slice(2, 4)}-${text.slice(4, 6)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) throw new StatementError(`the date "${text}" is not a date`, line);
  return iso;
};

/**
 * SWIFT MT940: `:60F:` opening balance, `:61:` transactions (value date, optional entry date,
 * C/D/RC/RD, amount with a comma, type code, customer reference `//` bank reference), each with
 * its `:86:` free text, which may run over several lines; `:62F:` closing. Several statements in
 * one file are read in turn, each checked against its own balances.
 */
export function readMt940(text: string): ParsedStatement {
  const result: ParsedStatement = { format: 'mt940', account: '', currency: 'ZAR', opening: null, closing: null, closingLine: null, lines: [] };
  const fields: { tag: string; value: string; line: number }[] = [];
  for (const [index, raw] of text.replace(/\r/g, '').split('\n').entries()) {
    const line = raw.replace(/^\{[^}]*\}|\{4:|-\}$/g, '');
    const tagged = TAG.exec(line);
    if (tagged) fields.push({ tag: tagged[1], value: tagged[2], line: index + 1 });
    else if (fields.length > 0 && line.trim() !== '' && line.trim() !== '-') fields.at(-1)!.value += `\n${line}`;
  }
  let statementOpening: number | null = null;
  let statementLines = 0;
  for (const field of fields) {
    switch (field.tag) {
      case '25':
        result.account ||= field.value.trim();
        break;
      case '60F':
      case '60M': {
        const balance = balanceOf(field.value, field.line);
        result.currency = balance.currency;
        statementOpening = balance.cents;
        statementLines = result.lines.length;
        if (result.opening === null) result.opening = balance.cents;
        break;
      }
      case '61': {
        const [first, supplementary = ''] = field.value.split('\n');
        const m = /^(\d{6})(\d{4})?(R?[CD])[A-Z]?([\d,]+)([A-Z]\w{3})(.*)$/.exec(first.trim());
        if (!m) throw new StatementError(`the transaction "${first.trim()}" is not an MT940 :61: line`, field.line);
        const cents = parseCents(m[4], ',');
        if (cents === null) throw new StatementError(`the amount "${m[4]}" is not an amount`, field.line);
        const [customerRef, bankRef] = m[6].split('//');
        result.lines.push({
          line: field.line,
          date: yymmdd(m[1], field.line),
          amount: m[3] === 'C' || m[3] === 'RD' ? cents : -cents,
          description: supplementary.trim(),
          reference: customerRef === 'NONREF' ? '' : customerRef.trim(),
          bankId: bankRef?.trim() || null,
          balance: null,
        });
        break;
      }
      case '86': {
        const last = result.lines.at(-1);
        if (last) last.description = [last.description, field.value.split('\n').map((l) => l.trim()).join(' ')].filter(Boolean).join(' ');
        break;
      }
      case '62F':
      case '62M': {
        const balance = balanceOf(field.value, field.line);
        if (statementOpening !== null) {
          const sum = result.lines.slice(statementLines).reduce((s, l) => s + l.amount, 0);
          if (statementOpening + sum !== balance.cents) {
            throw new StatementError(`the closing balance is not the opening balance plus the lines of this statement`, field.line);
          }
        }
        result.closing = balance.cents;
        result.closingLine = field.line;
        statementOpening = null;
        break;
      }
    }
  }
  if (result.opening === null) throw new StatementError('An MT940 file without an opening balance (:60F:)');
  if (statementOpening !== null) throw new StatementError('the statement has no closing balance (:62F:): the file is cut short', fields.at(-1)?.line ?? null);
  // Balances were checked statement by statement; the whole file's are those of its first and last.
  result.opening = result.closing === null ? result.opening : result.closing - result.lines.reduce((s, l) => s + l.amount, 0);
  return result;
}
