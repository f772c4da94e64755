import { useState, type ReactElement } from 'react';
import { Button, Confirm } from 'react-admin';
import { LabelButton } from './LabelButton';
import { useApiAction } from './useApiAction';

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
  // The action says its own outcome (its success notice, its refusal); this only holds the dialog.
  const confirmed = useApiAction(onConfirm, { onSettled: () => setOpen(false) });
  return (
    <>
      {labelled ? (
        <LabelButton label={label} startIcon={icon} onClick={() => setOpen(true)} />
      ) : (
        <Button label={label} onClick={() => setOpen(true)}>
          {icon}
        </Button>
      )}
      <Confirm isOpen={open} loading={confirmed.isPending} title={title} content={content} onConfirm={() => void confirmed.run()} onClose={() => setOpen(false)} />
    </>
  );
}
