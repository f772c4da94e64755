import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Button, useTranslate } from 'react-admin';
import { useApiAction } from '../shared/useApiAction';
import { useDownload } from './download';

/** "Download PDF" of a document (an invoice or a credit or debit note), in the user's language. */
export function PdfButton({ kind, id, number, label = 'billing.document.download_pdf' }: { kind: 'invoice' | 'note'; id: number; number: string; label?: string }) {
  const translate = useTranslate();
  const download = useDownload();
  // The download says itself when it fails; the action only keeps the button off meanwhile.
  const fetchPdf = useApiAction(() => download(`api/billing/${kind}_pdf`, { id }, `${number}.pdf`));
  return (
    // Named with the document's number: a list of rows each saying "PDF" tells a screen reader nothing.
    <Button label={label} aria-label={`${translate(label)} ${number}`} onClick={() => void fetchPdf.run()} disabled={fetchPdf.isPending}>
      <PictureAsPdfIcon />
    </Button>
  );
}
