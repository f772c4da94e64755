import { useEffect, useState } from 'react';
import { apiGet } from '../../providers/http';
import type { DocumentSummary } from './types';

/**
 * The invoices of a client that still owe something, oldest due first: what a payment can be
 * allocated to. Open (partly paid included) and overdue invoices are asked for separately, as the
 * invoices list filters them, and merged.
 */
export function useOpenInvoices(clientId: number | null) {
  const [invoices, setInvoices] = useState<DocumentSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setInvoices(null);
    setFailed(false);
    if (clientId === null) return undefined;
    const controller = new AbortController();
    const query = (status: string) => ({ client_id: clientId, status, page: 1, perPage: 1000, sort: 'due_at', order: 'ASC' });
    Promise.all(
      ['open', 'overdue'].map((status) => apiGet<{ data: DocumentSummary[] }>('api/billing/invoices', query(status), controller.signal).then((answer) => answer.data)),
    ).then(
      (answers) => {
        const byId = new Map<number, DocumentSummary>();
        for (const invoice of answers.flat()) if (invoice.balance > 0) byId.set(invoice.id, invoice);
        setInvoices([...byId.values()].sort((a, b) => (a.due_at === b.due_at ? a.id - b.id : a.due_at < b.due_at ? -1 : 1)));
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [clientId]);
  return { invoices, failed };
}
