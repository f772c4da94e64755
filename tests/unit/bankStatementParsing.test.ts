import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, parseStatement } from '../../shared/banking/parse';
import { parseCents, parseDay } from '../../shared/banking/values';
import type { BankFormat } from '../../shared/banking/statement';

const fixture = (name: string) => readFileSync(join(__dirname, '../fixtures/bank', name), 'latin1');
const summary = (text: string) => {
  const s = parseStatement(text);
  return { format: s.format, opening: s.opening, closing: s.closing, amounts: s.lines.map((l) => l.amount), dates: s.lines.map((l) => l.date) };
};

/** Each fixture is written from the format's published description; all hold the same month. */
const cases: [string, BankFormat, { opening: number | null; closing: number | null; amounts: number[] }][] = [
  ['fnb.csv', 'fnb', { opening: null, closing: null, amounts: [150_000, -2_000, -550, 320_000] }],
  ['absa.csv', 'absa', { opening: null, closing: null, amounts: [150_000, -2_550, 320_000] }],
  ['standard-bank.csv', 'standard_bank', { opening: 1_000_000, closing: 1_467_450, amounts: [150_000, -2_550, 320_000] }],
  ['nedbank.csv', 'nedbank', { opening: 1_000_000, closing: 1_467_450, amounts: [150_000, -2_550, 320_000] }],
  ['capitec.csv', 'capitec', { opening: 1_000_000, closing: null, amounts: [150_000, -2_550, 320_000, -100] }],
  ['ofx1.ofx', 'ofx', { opening: null, closing: 1_467_450, amounts: [150_000, -2_550, 320_000] }],
  ['ofx2.ofx', 'ofx', { opening: null, closing: 1_467_450, amounts: [150_000, -2_550, 320_000] }],
  ['camt053.xml', 'camt053', { opening: 1_000_000, closing: 1_467_450, amounts: [150_000, -2_550, 120_000, 200_000] }],
  ['mt940.sta', 'mt940', { opening: 1_000_000, closing: 1_467_450, amounts: [150_000, -2_550, 320_000] }],
];

describe('bank statement formats, recognised from their content', () => {
  it.each(cases)('%s reads as %s with its lines and balances', (name, format, expected) => {
    const text = fixture(name);
    expect(detectFormat(text)).toBe(format);
    expect(summary(text)).toMatchObject({ format, ...expected });
    expect(summary(text).dates[0]).toBe('2025-03-03');
  });

  it('FNB: heading rows, NUL bytes and trailing empty rows are not lines; the account number comes from the heading; a service fee is a line of its own', () => {
    const s = parseStatement(fixture('fnb.csv'));
    expect(s.account).toBe('62123456789');
    expect(s.lines[0]).toMatchObject({ description: 'FNB APP PAYMENT FROM ACME TRADING', reference: 'INV-000123', balance: 1_150_000, line: 5 });
    expect(s.lines[2]).toMatchObject({ amount: -550, description: 'SERVICE FEE CASH DEPOSIT', balance: 1_147_450 });
    expect(s.lines[3].reference).toBe('inv000124, 125');
  });

  it('Capitec: the Total: row is no transaction; a fee-only row is a fee line', () => {
    const s = parseStatement(fixture('capitec.csv'));
    expect(s.lines.map((l) => l.description)).toEqual(['Received Payment ACME TRADING', 'FEE Monthly Account Admin Fee', 'Received Payment MAGIC BEANS', 'FEE Received Payment MAGIC BEANS']);
    expect(s.lines.at(-1)!.balance).toBe(1_467_350);
  });

  it('Standard Bank: OPEN and CLOSE BALANCE rows are balances, references are the customer and originator references', () => {
    const s = parseStatement(fixture('standard-bank.csv'));
    expect(s.account).toBe('001234567');
    expect(s.lines).toHaveLength(3);
    expect(s.lines[0].reference).toBe('INV-000123 ACME TRADING');
  });

  it('Nedbank: brought/carried forward are balances; provisional statement and a VAT row with no amount are left out', () => {
    const s = parseStatement(fixture('nedbank.csv'));
    expect(s.account).toBe('1234567890');
    expect(s.lines.map((l) => l.description)).toEqual(['ACME TRADING INV-000123', 'SERVICE FEE', 'MAGIC BEANS PAYMENT']);
  });

  it('OFX 1.x SGML without closing tags and 2.x XML read alike, FITID as the bank id, entities decoded', () => {
    const one = parseStatement(fixture('ofx1.ofx'));
    const two = parseStatement(fixture('ofx2.ofx'));
    expect(one.lines.map((l) => l.bankId)).toEqual(['FNB20250303001', 'FNB20250304001', 'FNB20250305001']);
    expect(one.lines.map(({ line, bankId, ...rest }) => rest)).toEqual(two.lines.map(({ line, bankId, ...rest }) => rest));
    expect(one.lines[2]).toMatchObject({ description: 'MAGIC BEANS & CO', reference: 'MB01' });
    expect(one.account).toBe('62123456789');
  });

  it('camt.053: an entry of several transactions is a line each, with the payer, remittance text and a bank id per transaction', () => {
    const s = parseStatement(fixture('camt053.xml'));
    expect(s.lines.map((l) => [l.description, l.reference, l.bankId])).toEqual([
      ['ACME TRADING', 'INV-000123', 'BANK-0303-1'],
      ['MONTHLY ACCOUNT FEE', '', 'BANK-0304-1'],
      ['MAGIC BEANS PTY LTD', 'INV 124', 'BANK-0305-1/1'],
      ['ZULU & SONS', 'ZS01', 'BANK-0305-1/2'],
    ]);
  });

  it('MT940: :86: text continues over several lines; C/D signs; the bank reference after //', () => {
    const s = parseStatement(fixture('mt940.sta'));
    expect(s.lines[0]).toMatchObject({ description: 'ACME TRADING INV-000123 THANK YOU', reference: '', bankId: 'FNB0303001' });
    expect(s.lines[2]).toMatchObject({ description: 'MAGIC BEANS PTY LTD PAYMENT INV 124 AND 125', reference: 'MB01' });
  });
});

describe('files refused with the line named', () => {
  const edit = (name: string, from: string, to: string) => {
    const text = fixture(name);
    expect(text).toContain(from);
    return text.replace(from, to);
  };
  it('a running balance that does not follow names the first line where it breaks', () => {
    expect(() => parseStatement(edit('absa.csv', '-25.50,11474.50', '-25.50,11475.50'))).toThrow(/^Line 3: the balance 11475\.50/);
    expect(() => parseStatement(edit('fnb.csv', ',3200.00,MAGIC', ',3300.00,MAGIC'))).toThrow(/^Line 7: the balance 14674\.50 does not follow/);
  });
  it('a closing balance that is not opening + lines is refused naming the closing balance', () => {
    expect(() => parseStatement(edit('standard-bank.csv', 'CLOSE BALANCE,,+14674.50', 'CLOSE BALANCE,,+14675.50'))).toThrow(/^Line 11: the closing balance 14675\.50/);
    expect(() => parseStatement(edit('camt053.xml', '<Amt Ccy="ZAR">14674.50', '<Amt Ccy="ZAR">14674.51'))).toThrow(/^Line 13:/);
    expect(() => parseStatement(edit('mt940.sta', ':62F:C250331ZAR14674,50', ':62F:C250331ZAR14674,00'))).toThrow(/^Line 15:/);
    expect(() => parseStatement(edit('nedbank.csv', 'CARRIED FORWARD,,14674.50', 'CARRIED FORWARD,,14000.00'))).toThrow(/^Line 10:/);
  });
  it('an unreadable date or amount names its line', () => {
    expect(() => parseStatement(edit('absa.csv', '20250304', '20250231'))).toThrow(/^Line 3: the date "20250231" is not a date/);
    expect(() => parseStatement(edit('capitec.csv', '3200.00,-1.00', '32OO.00,-1.00'))).toThrow(/^Line 6: the amount "32OO.00" is not an amount/);
    expect(() => parseStatement(edit('ofx1.ofx', '<TRNAMT>-25.50', '<TRNAMT>abc'))).toThrow(/^Line \d+: the amount "abc"/);
    expect(() => parseStatement(edit('mt940.sta', ':61:2503040304D25,50', ':61:2513040304D25,50'))).toThrow(/^Line 9: the date "251304"/);
    expect(() => parseStatement(edit('nedbank.csv', '05Mar2025', '05Mrz2025'))).toThrow(/^Line 9: the date "05Mrz2025"/);
  });
  it('an empty, unknown or truncated file is refused', () => {
    expect(() => parseStatement('')).toThrow(/empty/);
    expect(() => parseStatement('hello,world\n1,2\n')).toThrow(/not a statement format/);
    const camt = fixture('camt053.xml');
    expect(() => parseStatement(camt.slice(0, camt.indexOf('<Ntry>', camt.indexOf('<Ntry>') + 1)))).toThrow(/never closed/);
    const ofx = fixture('ofx2.ofx');
    expect(() => parseStatement(ofx.slice(0, ofx.lastIndexOf('</STMTTRN>')))).toThrow(/cut short/);
    const mt = fixture('mt940.sta');
    expect(() => parseStatement(mt.slice(0, mt.indexOf(':62F:')))).toThrow(/cut short/);
  });
});

describe('amounts and dates as the banks print them', () => {
  it('reads signs, thousands separators and comma decimals to integer cents', () => {
    expect(parseCents('+1,234.56')).toBe(123_456);
    expect(parseCents('-0.5')).toBe(-50);
    expect(parseCents('1234')).toBe(123_400);
    expect(parseCents('1.234,56', ',')).toBe(123_456);
    expect(parseCents('12.345')).toBeNull();
    expect(parseCents('')).toBeNull();
  });
  it('reads the date shapes and refuses days that do not exist', () => {
    expect(['2025/03/01', '2025-03-01', '20250301', '20250301120000[+2:SAST]', '01/03/2025', '01Mar2025', '01 Mar 2025'].map(parseDay)).toEqual(Array(7).fill('2025-03-01'));
    expect(parseDay('2025/02/29')).toBeNull();
    expect(parseDay('31/04/2025')).toBeNull();
  });
});
