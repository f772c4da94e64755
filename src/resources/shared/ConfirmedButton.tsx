import { useState, type ReactElement } from 'react';
import { Button, Confirm } from 'react-admin';

/**
 * A button whose action runs only after a confirmation dialog (membership activation, the
 * membership fee order): it holds the dialog's open and busy state, so each use says only what
 * it does. The dialog closes once the action has settled, whatever its outcome.
 */
export function ConfirmedButton({
  label,
  icon,
  title,
  content,
  onConfirm,
}: {
  label: string;
  icon: ReactElement;
  title: string;
  content: string;
  onConfirm: () => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button label={label} onClick={() => setOpen(true)}>
        {icon}
      </Button>
      <Confirm isOpen={open} loading={busy} title={title} content={content} onConfirm={confirm} onClose={() => setOpen(false)} />
    </>
  );
}
