import { useState } from 'react';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Button, useTranslate } from 'react-admin';
import { useDownload } from './download';

/** "Download PDF" of a document (an invoice or a credit or debit note), in the user's language. */
export function PdfButton({ kind, id, number, label = 'billing.document.download_pdf' }: { kind: 'invoice' | 'note'; id: number; number: string; label?: string }) {
  const translate = useTranslate();
  const download = useDownload();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    await download(`api/billing/${kind}_pdf`, { id }, `${number}.pdf`);
    setBusy(false);
  };
  return (
    // Named with the document's number: a list of rows each saying "PDF" tells a screen reader nothing.
    <Button label={label} aria-label={`${translate(label)} ${number}`} onClick={() => void run()} disabled={busy}>
      <PictureAsPdfIcon />
    </Button>
  );
}
