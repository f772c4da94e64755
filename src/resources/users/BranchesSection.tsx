import { useState } from 'react';
import AddIcon from '@mui/icons-material/AddBusiness';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import StarIcon from '@mui/icons-material/Star';
import { Card, CardContent, CardHeader, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from '@mui/material';
import {
  BooleanInput,
  Button,
  Confirm,
  TextInput,
  required,
  useCreate,
  useDelete,
  useGetList,
  useNotify,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { session } from '../../providers/session';
import { FormDialog } from '../shared/FormDialog';

interface Branch extends RaRecord {
  name: string;
  address: string;
  default_branch: boolean;
}

/**
 * Branch management on /users: add, rename, make the default (exactly one; the server
 * un-defaults the others), delete an unused one.
 */
export function BranchesSection() {
  const translate = useTranslate();
  const notify = useNotify();
  const { data = [], refetch } = useGetList<Branch>('branches', { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' } });
  const [create] = useCreate();
  const [update] = useUpdate();
  const [remove, { isPending: removing }] = useDelete();
  const [editing, setEditing] = useState<Partial<Branch> | null>(null);
  const [deleting, setDeleting] = useState<Branch | null>(null);
  const field = (name: string) => translate(`resources.branches.fields.${name}`);

  const save = async (values: Record<string, unknown>) => {
    const data = { name: values.name, address: values.address ?? '', default_branch: Boolean(values.default_branch) };
    if (editing?.id) {
      await update('branches', { id: editing.id, data, previousData: editing }, { returnPromise: true, mutationMode: 'pessimistic' });
    } else {
      await create('branches', { data }, { returnPromise: true });
    }
    await Promise.all([refetch(), session.reloadCore()]);
  };
  const confirmDelete = async () => {
    try {
      await remove('branches', { id: deleting!.id, previousData: deleting! }, { returnPromise: true, mutationMode: 'pessimistic' });
      notify('members.branches.deleted', { type: 'success' });
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    }
    setDeleting(null);
    await Promise.all([refetch(), session.reloadCore()]);
  };

  return (
    <Card sx={{ mt: 2 }}>
      <CardHeader
        title={translate('members.branches.title')}
        action={
          <Button label="members.branches.add" onClick={() => setEditing({})}>
            <AddIcon />
          </Button>
        }
      />
      <CardContent>
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
                  <Tooltip title={translate('members.branches.edit')}>
                    <IconButton size="small" aria-label={translate('members.branches.edit')} onClick={() => setEditing(branch)}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  {!branch.default_branch && (
                    <Tooltip title={translate('ra.action.delete')}>
                      <IconButton size="small" aria-label={translate('ra.action.delete')} onClick={() => setDeleting(branch)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
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
      <Confirm
        isOpen={deleting !== null}
        loading={removing}
        title="members.branches.delete_title"
        translateOptions={{ name: deleting?.name ?? '' }}
        content="members.branches.delete_content"
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
