import { useState } from 'react';
import AddIcon from '@mui/icons-material/PersonAdd';
import EditIcon from '@mui/icons-material/Edit';
import BlockIcon from '@mui/icons-material/Block';
import { Chip, Table, TableBody, TableContainer, TableCell, TableHead, TableRow } from '@mui/material';
import {
  BooleanInput,
  Button,
  PasswordInput,
  TextInput,
  email,
  minLength,
  required,
  useCreate,
  useGetList,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { FormDialog } from '../shared/FormDialog';
import { EmptyText, RowAction, SectionCard } from '../shared/SectionCard';
import { useConfirmedDelete } from '../shared/useConfirmedDelete';

const MIN_PASSWORD = 12;

interface ClientUser extends RaRecord {
  name: string;
  email: string;
  active: boolean;
}

/** Client users: everyone who may add them (the company, the member) adds; the company edits and deactivates. */
export function ClientUsersSection({ clientId, canManage, canAdd }: { clientId: number; canManage: boolean; canAdd: boolean }) {
  const translate = useTranslate();
  const { data = [], refetch } = useGetList<ClientUser>('clientusers', {
    filter: { client_id: clientId },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [create] = useCreate();
  const [update] = useUpdate();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ClientUser | null>(null);
  const deactivation = useConfirmedDelete<ClientUser>('clientusers', {
    title: 'members.users.deactivate_title',
    content: 'members.users.deactivate_content',
    success: 'members.users.deactivated',
    nameOf: (user) => user.name,
    after: refetch,
  });
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

  const addButton = canAdd && (
    <Button label="members.users.add" onClick={() => setAdding(true)}>
      <AddIcon />
    </Button>
  );
  return (
    <SectionCard title="members.view.users" action={addButton}>
      {data.length === 0 ? (
        <EmptyText message="members.users.none" />
      ) : (
        <TableContainer>
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
                    <Chip size="small" color={user.active ? 'success' : 'default'} label={user.active ? field('active') : translate('members.users.inactive')} />
                  </TableCell>
                  {canManage && (
                    <TableCell align="right">
                      <RowAction label="members.users.edit" icon={<EditIcon fontSize="small" />} onClick={() => setEditing(user)} />
                      {user.active && (
                        <RowAction label="members.users.deactivate" icon={<BlockIcon fontSize="small" />} onClick={() => deactivation.ask(user)} />
                      )}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
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
      {deactivation.dialog}
    </SectionCard>
  );
}
