import { useState, type ReactElement } from 'react';
import { Button, Confirm } from 'react-admin';
import { LabelButton } from './LabelButton';

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
  labelled = false,
}: {
  label: string;
  icon: ReactElement;
  title: string;
  content: string;
  onConfirm: () => Promise<unknown>;
  /** Keeps its label on phones too (react-admin's button is a bare icon there): for a section's own actions. */
  labelled?: boolean;
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
      {labelled ? (
        <LabelButton label={label} startIcon={icon} onClick={() => setOpen(true)} />
      ) : (
        <Button label={label} onClick={() => setOpen(true)}>
          {icon}
        </Button>
      )}
      <Confirm isOpen={open} loading={busy} title={title} content={content} onConfirm={confirm} onClose={() => setOpen(false)} />
    </>
  );
}
