import { useState } from 'react';
import AddIcon from '@mui/icons-material/AddBusiness';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import StarIcon from '@mui/icons-material/Star';
import { Box, Table, TableBody, TableContainer, TableCell, TableHead, TableRow } from '@mui/material';
import { BooleanInput, Button, TextInput, required, useCreate, useGetList, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { session } from '../../providers/session';
import { FormDialog } from '../shared/FormDialog';
import { RowAction, SectionCard } from '../shared/SectionCard';
import { useConfirmedDelete } from '../shared/useConfirmedDelete';

interface Branch extends RaRecord {
  name: string;
  address: string;
  default_branch: boolean;
}

/**
 * Branch management on /users: add, rename, make the default (exactly one; the server
 * un-defaults the others), delete an unused one. Core data follows, so the branch selector does.
 */
export function BranchesSection() {
  const translate = useTranslate();
  const { data = [], refetch } = useGetList<Branch>('branches', { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' } });
  const [create] = useCreate();
  const [update] = useUpdate();
  const [editing, setEditing] = useState<Partial<Branch> | null>(null);
  const reload = () => Promise.all([refetch(), session.reloadCore()]);
  const deletion = useConfirmedDelete<Branch>('branches', {
    title: 'members.branches.delete_title',
    content: 'members.branches.delete_content',
    success: 'members.branches.deleted',
    nameOf: (branch) => branch.name,
    after: reload,
  });
  const field = (name: string) => translate(`resources.branches.fields.${name}`);

  const save = async (values: Record<string, unknown>) => {
    const data = { name: values.name, address: values.address ?? '', default_branch: Boolean(values.default_branch) };
    if (editing?.id) {
      await update('branches', { id: editing.id, data, previousData: editing }, { returnPromise: true, mutationMode: 'pessimistic' });
    } else {
      await create('branches', { data }, { returnPromise: true });
    }
    await reload();
  };

  const addButton = (
    <Button label="members.branches.add" onClick={() => setEditing({})}>
      <AddIcon />
    </Button>
  );
  return (
    <Box sx={{ mt: 2 }}>
      <SectionCard title="members.branches.title" action={addButton}>
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{field('name')}</TableCell>
                <TableCell>{field('address')}</TableCell>
                <TableCell>{field('default_branch')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((branch) => (
                <TableRow key={branch.id} data-testid={`branch-${branch.id}`}>
                  <TableCell>{branch.name}</TableCell>
                  <TableCell>{branch.address}</TableCell>
                  <TableCell>
                    {branch.default_branch && <StarIcon color="warning" fontSize="small" titleAccess={translate('members.branches.default')} />}
                  </TableCell>
                  <TableCell align="right">
                    <RowAction label="members.branches.edit" icon={<EditIcon fontSize="small" />} onClick={() => setEditing(branch)} />
                    {!branch.default_branch && (
                      <RowAction label="ra.action.delete" icon={<DeleteIcon fontSize="small" />} onClick={() => deletion.ask(branch)} />
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {editing && (
          <FormDialog
            open
            onClose={() => setEditing(null)}
            title={editing.id ? 'members.branches.edit' : 'members.branches.add'}
            resource="branches"
            record={editing}
            onSubmit={save}
            success="members.branches.saved"
          >
            <TextInput source="name" validate={required()} />
            <TextInput source="address" multiline minRows={2} />
            {/* The default can be moved to another branch, not switched off. */}
            <BooleanInput source="default_branch" disabled={editing.default_branch === true} />
          </FormDialog>
        )}
        {deletion.dialog}
      </SectionCard>
    </Box>
  );
}
