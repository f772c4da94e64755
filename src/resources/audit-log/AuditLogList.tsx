import { FunctionField, List, SelectInput, TextField, TextInput, useTranslate } from 'react-admin';
import { formatDateTime } from '../../i18n/format';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { DateField } from '../shared/DateField';
import { PortalDateInput } from '../shared/DateInputs';
import { Facts, ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';
import { ListEmptyText } from '../shared/SectionCard';
import { PageHeading } from '../shared/PageHeading';
import { AuditChanges } from './AuditChanges';
import { auditExporter } from './auditExporter';
import { auditEntities, type AuditEntry } from './types';

const entityChoices = auditEntities.map((id) => ({ id, name: `audit.entities.${id}` }));

const filters = [
  <TextInput key="user" source="user" alwaysOn />,
  <SelectInput key="entity" source="entity" choices={entityChoices} alwaysOn />,
  <TextInput key="action" source="action" alwaysOn />,
  <PortalDateInput key="date_from" source="date_from" alwaysOn />,
  <PortalDateInput key="date_to" source="date_to" alwaysOn />,
];

function Actor({ entry }: { entry: AuditEntry }) {
  const translate = useTranslate();
  if (entry.user_id === null) return <>{translate('audit.public')}</>;
  return <bdi title={entry.user_email ?? undefined}>{entry.user_name ?? `#${entry.user_id}`}</bdi>;
}

function EntityName({ entry }: { entry: AuditEntry }) {
  const translate = useTranslate();
  const name = translate(`audit.entities.${entry.entity}`, { _: entry.entity });
  return <>{entry.entity_id ? `${name} #${entry.entity_id}` : name}</>;
}

/** On a phone: what changed, then when and by whom; the number of changed fields at the end. */
const phoneRow: PhoneRow<AuditEntry> = {
  primaryText: (entry) => (
    <>
      <EntityName entry={entry} /> · {entry.action}
    </>
  ),
  secondaryText: (entry) => <Facts parts={[formatDateTime(entry.at), <Actor key="actor" entry={entry} />]} />,
  tertiaryText: (entry) => entry.changes.length,
};

/**
 * /audit-log (admin/auditlog): who changed what and when, newest first, filtered on the
 * server; a row opens to the changed fields, before → after. The export takes the filtered entries.
 */
export default function AuditLogList() {
  const title = usePortalTitle('audit_log');
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <List
        title={title}
        filters={filters}
        sort={{ field: 'at', order: 'DESC' }}
        exporter={auditExporter}
        // The filters stay when nothing matches.
        empty={false}
      >
        <ResponsiveDatagrid phone={phoneRow} bulkActionButtons={false} rowClick="expand" expand={<AuditChanges />} empty={<ListEmptyText none="audit.empty" noMatch="audit.none" />}>
          <DateField source="at" showTime />
          <FunctionField source="user_name" render={(entry: AuditEntry) => <Actor entry={entry} />} />
          <TextField source="action" />
          <FunctionField source="entity" render={(entry: AuditEntry) => <EntityName entry={entry} />} />
          <FunctionField source="changes" sortable={false} render={(entry: AuditEntry) => entry.changes.length} />
        </ResponsiveDatagrid>
      </List>
    </>
  );
}
