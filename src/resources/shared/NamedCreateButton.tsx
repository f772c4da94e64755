import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { Button, CreateBase, SimpleForm, TextInput, maxLength, required, useTranslate } from 'react-admin';

interface NamedCreateButtonProps {
  resource: string;
  /** Message key of the button and of the dialog's title. */
  label: string;
  /** Where the new record opens: everything past its name is set on its own screen. */
  pathOf: (id: number | string) => string;
  // What is sent (react-admin's CreateBase takes any shape here).
  transform?: (data: Record<string, unknown>) => Record<string, unknown>;
  /** The server's limit on the description, where it has one. */
  descriptionMaxLength?: number;
}

/**
 * "New …" for records that start with a name and a description (product groups, mailing lists):
 * a dialog over the list, then the new record's own screen.
 */
export function NamedCreateButton({ resource, label, pathOf, transform, descriptionMaxLength }: NamedCreateButtonProps) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const titleId = `new-${resource}-title`;
  return (
    <>
      <Button label={label} onClick={() => setOpen(true)}>
        <AddIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{translate(label)}</DialogTitle>
        <DialogContent>
          <CreateBase resource={resource} redirect={(_resource, id) => pathOf(id!)} transform={transform}>
            <SimpleForm>
              <TextInput source="name" validate={[required(), maxLength(200)]} fullWidth />
              <TextInput source="description" multiline fullWidth validate={descriptionMaxLength ? maxLength(descriptionMaxLength) : undefined} />
            </SimpleForm>
          </CreateBase>
        </DialogContent>
      </Dialog>
    </>
  );
}
