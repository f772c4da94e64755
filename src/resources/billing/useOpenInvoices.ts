import { useEffect, useState } from 'react';
import { apiGet } from '../../providers/http';
import type { DocumentSummary } from '../../../shared/billing/records';

/**
 * The invoices of a client that still owe something, oldest due first: what a payment can be
 * allocated to. The server filters (`status=open`: everything still owing, overdue included) and
 * sorts; the web app shows the answer as it comes.
 */
export function useOpenInvoices(clientId: number | null) {
  const [invoices, setInvoices] = useState<DocumentSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setInvoices(null);
    setFailed(false);
    if (clientId === null) return undefined;
    const controller = new AbortController();
    apiGet<{ data: DocumentSummary[] }>('api/billing/invoices', { client_id: clientId, status: 'open', page: 1, perPage: 1000, sort: 'due_at', order: 'ASC' }, controller.signal).then(
      (answer) => setInvoices(answer.data),
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [clientId]);
  return { invoices, failed };
}
