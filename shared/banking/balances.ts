import { randText, StatementError, type ParsedStatement } from './statement';

/**
 * Opening balance + lines = closing balance, and each running balance the file prints follows
 * from the one before: otherwise the file is refused naming the first line where it breaks (a
 * truncated or edited export). Without an opening balance, the first printed running balance
 * stands for it. A file that states no balance at all (some OFX exports) has nothing to check.
 */
export function checkBalances(statement: ParsedStatement): void {
  let running = statement.opening;
  let before = 0;
  for (const line of statement.lines) {
    if (running !== null) running += line.amount;
    else before += line.amount;
    if (line.balance === null) continue;
    if (running === null) {
      running = line.balance;
      continue;
    }
    if (running !== line.balance) {
      throw new StatementError(`the balance ${randText(line.balance)} does not follow from the balance before and the amount ${randText(line.amount)} (expected ${randText(running)})`, line.line);
    }
  }
  if (statement.closing === null) return;
  if (running === null) {
    if (statement.opening === null) return;
    running = statement.opening + before;
  }
  if (running !== statement.closing) {
    throw new StatementError(`the closing balance ${randText(statement.closing)} is not the opening balance plus the lines (${randText(running)})`, statement.closingLine ?? statement.lines.at(-1)?.line ?? null);
  }
}
