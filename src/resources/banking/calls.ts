import { apiPost, apiPostForm } from '../../providers/http';
import type { Allocation } from '../../../shared/billing/records';
import type { BankLine, BankRule, ImportSummary } from '../../../shared/banking/records';

/**
 * The bank writes (server/modules/banking/routes.ts): each answers `{data}`; a refusal is an
 * ApiError with the server's message and its per-field errors (a 400 names the file's line).
 */
export function importStatement(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiPostForm<{ data: ImportSummary }>('api/bank/import', form).then((answer) => answer.data);
}

export interface MatchBody {
  line_id: number;
  client_id: number;
  /** Absent: a suggestion's invoices for that client, else the oldest first. */
  allocations?: Allocation[];
}
export const matchLine = (body: MatchBody) => apiPost<{ data: BankLine }>('api/bank/match', body).then((answer) => answer.data);
export const unmatchLine = (lineId: number) => apiPost<{ data: BankLine }>('api/bank/unmatch', { line_id: lineId }).then((answer) => answer.data);
export const ignoreLine = (lineId: number, reason: string) => apiPost<{ data: BankLine }>('api/bank/ignore', { line_id: lineId, reason }).then((answer) => answer.data);

export type RuleBody = { pattern: string } & ({ client_id: number } | { ignore: true });
export const saveRule = (body: RuleBody) => apiPost<{ data: BankRule }>('api/bank/saverule', body).then((answer) => answer.data);
