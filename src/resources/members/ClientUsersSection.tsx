import { useState } from 'react';
import AddIcon from '@mui/icons-material/PersonAdd';
import EditIcon from '@mui/icons-material/Edit';
import BlockIcon from '@mui/icons-material/Block';
import {
  Card,
  CardContent,
  CardHeader,
  Chip,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  BooleanInput,
  Button,
  Confirm,
  PasswordInput,
  TextInput,
  email,
  minLength,
  required,
  useCreate,
  useDelete,
  useGetList,
  useNotify,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { FormDialog } from '../shared/FormDialog';

const MIN_PASSWORD = 12;

interface ClientUser extends RaRecord {
  name: string;
  email: string;
  active: boolean;
}

/** Client users: everyone who may add them (the company, the member) adds; the company edits and deactivates. */
export function ClientUsersSection({ clientId, canManage, canAdd }: { clientId: number; canManage: boolean; canAdd: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { data = [], refetch } = useGetList<ClientUser>('clientusers', {
    filter: { client_id: clientId },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [create] = useCreate();
  const [update] = useUpdate();
  const [remove, { isPending: removing }] = useDelete();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ClientUser | null>(null);
  const [deactivating, setDeactivating] = useState<ClientUser | null>(null);
  const field = (name: string) => translate(`resources.clientusers.fields.${name}`);

  const add = async (values: Record<string, unknown>) => {
    await create('clientusers', { data: { ...values, client_id: clientId } }, { returnPromise: true });
    await refetch();
  };
  const save = async (values: Record<string, unknown>) => {
    const { name, email: address, active, password } = values;
    const data = { name, email: address, active, ...(password ? { password } : {}) };
    await update('clientusers', { id: editing!.id, data, previousData: editing! }, { returnPromise: true, mutationMode: 'pessimistic' });
    await refetch();
  };
  const deactivate = async () => {
    try {
      await remove('clientusers', { id: deactivating!.id, previousData: deactivating! }, { returnPromise: true, mutationMode: 'pessimistic' });
      notify('members.users.deactivated', { type: 'success' });
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    }
    setDeactivating(null);
    await refetch();
  };

  return (
    <Card>
      <CardHeader
        title={translate('members.view.users')}
        action={canAdd && <Button label="members.users.add" onClick={() => setAdding(true)}><AddIcon /></Button>}
      />
      <CardContent>
        {data.length === 0 ? (
          <Typography color="text.secondary">{translate('members.users.none')}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{field('name')}</TableCell>
                <TableCell>{field('email')}</TableCell>
                <TableCell>{field('active')}</TableCell>
                {canManage && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((user) => (
                <TableRow key={user.id}>
                  <TableCell>{user.name}</TableCell>
                  <TableCell>{user.email}</TableCell>
                  <TableCell>
                    {user.active ? (
                      <Chip size="small" color="success" label={field('active')} />
                    ) : (
                      <Chip size="small" label={translate('members.users.inactive')} />
                    )}
                  </TableCell>
                  {canManage && (
                    <TableCell align="right">
                      <Tooltip title={translate('members.users.edit')}>
                        <IconButton size="small" aria-label={translate('members.users.edit')} onClick={() => setEditing(user)}>
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      {user.active && (
                        <Tooltip title={translate('members.users.deactivate')}>
                          <IconButton size="small" aria-label={translate('members.users.deactivate')} onClick={() => setDeactivating(user)}>
                            <BlockIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      {adding && (
        <FormDialog open onClose={() => setAdding(false)} title="members.users.add" resource="clientusers" onSubmit={add} success="members.users.created">
          <TextInput source="name" validate={required()} />
          <TextInput source="email" type="email" validate={[required(), email()]} />
          <PasswordInput source="password" validate={[required(), minLength(MIN_PASSWORD)]} helperText="members.users.password_hint" />
        </FormDialog>
      )}
      {editing && (
        <FormDialog open onClose={() => setEditing(null)} title="members.users.edit" resource="clientusers" record={editing} onSubmit={save} success="members.users.updated">
          <TextInput source="name" validate={required()} />
          <TextInput source="email" type="email" validate={[required(), email()]} />
          <PasswordInput source="password" validate={minLength(MIN_PASSWORD)} helperText="members.users.password_keep" />
          <BooleanInput source="active" />
        </FormDialog>
      )}
      <Confirm
        isOpen={deactivating !== null}
        loading={removing}
        title="members.users.deactivate_title"
        translateOptions={{ name: deactivating?.name ?? '' }}
        content="members.users.deactivate_content"
        onConfirm={deactivate}
        onClose={() => setDeactivating(null)}
      />
    </Card>
  );
}
