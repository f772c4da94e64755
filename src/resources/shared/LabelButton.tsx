import { Button, type ButtonProps } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * A text button with a translated label that keeps its label on phones. react-admin's `Button`
 * turns into a bare icon button below the `sm` breakpoint, which without an icon is an empty
 * square: a dialog's Cancel and Save vanished on a phone. Use this where a button has no icon.
 */
export function LabelButton({ label, size = 'small', ...props }: Omit<ButtonProps, 'children'> & { label: string }) {
  const translate = useTranslate();
  return (
    <Button size={size} {...props}>
      {translate(label, { _: label })}
    </Button>
  );
}
