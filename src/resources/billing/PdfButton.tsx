import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Button, useTranslate } from 'react-admin';
import { useApiAction } from '../shared/useApiAction';
import { useDownload } from './download';

/**
 * "Download PDF" of a document the API serves at `path` (an invoice, a delivery note, a picking
 * slip), in the user's language. Named with the document's number: a list of rows each saying
 * "PDF" tells a screen reader nothing.
 */
export function PdfDownloadButton({ path, query, number, label = 'billing.document.download_pdf' }: { path: string; query: Record<string, string | number>; number: string; label?: string }) {
  const translate = useTranslate();
  const download = useDownload();
  // The download says itself when it fails; the action only keeps the button off meanwhile.
  const fetchPdf = useApiAction(() => download(path, query, `${number}.pdf`));
  return (
    <Button label={label} aria-label={`${translate(label)} ${number}`} onClick={() => void fetchPdf.run()} disabled={fetchPdf.isPending}>
      <PictureAsPdfIcon />
    </Button>
  );
}

/** "Download PDF" of a billing document (an invoice or a credit or debit note). */
export function PdfButton({ kind, id, number, label }: { kind: 'invoice' | 'note'; id: number; number: string; label?: string }) {
  return <PdfDownloadButton path={`api/billing/${kind}_pdf`} query={{ id }} number={number} label={label} />;
}
