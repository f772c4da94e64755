import { SelectInput, TextInput, email, required, useRefresh } from 'react-admin';
import { languageNames, locales } from '../../../i18n/locales';
import { useBranchChoices } from '../members/choices';
import { FormDialog } from '../shared/FormDialog';
import { addMember } from '../sales-leads/leadCalls';
import { memberTypeChoices } from '../sales-leads/LeadFields';

/** The languages the member's emails can be written in, each named in its own language. */
const localeChoices = locales.map((id) => ({ id, name: languageNames[id] }));

/**
 * The admin adds a member directly (crm/add_member): the client is created approved and the
 * completion link emailed, as for an approved request.
 */
export function AddMemberDialog({ onClose }: { onClose: () => void }) {
  const branches = useBranchChoices();
  const refresh = useRefresh();
  const submit = async (values: Record<string, unknown>) => {
    await addMember({
      type: String(values.type ?? ''),
      name: String(values.name ?? ''),
      contact_name: String(values.contact_name ?? ''),
      email: String(values.email ?? ''),
      phone: String(values.phone ?? ''),
      branch_id: typeof values.branch_id === 'number' ? values.branch_id : null,
      ...(typeof values.locale === 'string' ? { locale: values.locale } : {}),
    });
    refresh();
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      title="membership.add_member.title"
      resource="members"
      record={{ type: 'stockist' }}
      onSubmit={submit}
      success="membership.add_member.added"
    >
      <SelectInput source="type" choices={memberTypeChoices} validate={required()} />
      <TextInput source="name" validate={required()} />
      <TextInput source="contact_name" validate={required()} />
      <TextInput source="email" type="email" validate={[required(), email()]} />
      <TextInput source="phone" />
      <SelectInput source="branch_id" choices={branches} emptyText="members.view.no_branch" />
      <SelectInput source="locale" label="membership.add_member.locale" choices={localeChoices} translateChoice={false} helperText="membership.add_member.locale_hint" />
    </FormDialog>
  );
}
