import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import ViewListIcon from '@mui/icons-material/ViewList';
import { Box, ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import {
  BooleanInput,
  CreateButton,
  EmailField,
  ExportButton,
  FilterButton,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useStore,
  useTranslate,
} from 'react-admin';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { PageHeading } from '../shared/PageHeading';
import { ApproveLeadButton } from './ApproveLeadButton';
import { leadExporter } from './leadExporter';
import { FollowUpField, LeadSourceField, LeadStatusChip, leadSourceChoices, leadStatusChoices } from './LeadFields';
import { LeadBoard } from './LeadBoard';
import { OwnerInput } from './OwnerInput';
import { Facts, ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';

type View = 'list' | 'board';

/** The board shows every status in its own column, so only the list filters by status. */
const filtersFor = (view: View) => [
  <SearchInput key="q" source="q" alwaysOn />,
  ...(view === 'list' ? [<SelectInput key="status" source="status" choices={leadStatusChoices} alwaysOn />] : []),
  <SelectInput key="source" source="source" choices={leadSourceChoices} />,
  <OwnerInput key="owner_id" />,
  <BooleanInput key="follow_up_due" source="follow_up_due" alwaysOn />,
];

function ViewSwitch({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  const translate = useTranslate();
  return (
    <ToggleButtonGroup size="small" exclusive value={view} onChange={(_event, next: View | null) => next && onChange(next)} aria-label={translate('membership.leads.view')}>
      <Tooltip title={translate('membership.leads.view_list')}>
        <ToggleButton value="list" aria-label={translate('membership.leads.view_list')}>
          <ViewListIcon fontSize="small" />
        </ToggleButton>
      </Tooltip>
      <Tooltip title={translate('membership.leads.view_board')}>
        <ToggleButton value="board" aria-label={translate('membership.leads.view_board')}>
          <ViewKanbanIcon fontSize="small" />
        </ToggleButton>
      </Tooltip>
    </ToggleButtonGroup>
  );
}

/** On a phone: the lead and its status, its company and follow-up under it; converting is on its page. */
const phoneRow: PhoneRow = {
  primaryText: (lead) => lead.name,
  tertiaryText: () => <LeadStatusChip />,
  secondaryText: (lead) => <Facts parts={[lead.company, lead.email, lead.follow_up_at && <FollowUpField />]} />,
};

/** Row buttons must not also open the row (their dialogs render inside it). */
const stopRowClick = (event: React.MouseEvent) => event.stopPropagation();

/**
 * /sales-leads: the pipeline as a list (filtered and sorted by the server, exported as CSV) or as
 * a board with a column per status, whose cards move by drag or keyboard.
 */
export default function LeadList() {
  const title = usePortalTitle('sales_leads');
  const [view, setView] = useStore<View>('sales-leads.view', 'list');
  const actions = (
    <TopToolbar sx={{ alignItems: 'center' }}>
      <ViewSwitch view={view} onChange={setView} />
      <FilterButton />
      <CreateButton />
      <ExportButton />
    </TopToolbar>
  );
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <List
        title={title}
        filters={filtersFor(view)}
        actions={actions}
        exporter={leadExporter}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={25}
        pagination={view === 'board' ? false : undefined}
      >
        {view === 'board' ? (
          <LeadBoard />
        ) : (
          <ResponsiveDatagrid phone={phoneRow} rowClick="edit" bulkActionButtons={false}>
            <TextField source="name" />
            <TextField source="company" />
            <EmailField source="email" />
            <FunctionField source="status" render={() => <LeadStatusChip />} />
            <FunctionField source="source" sortable={false} render={() => <LeadSourceField />} />
            <TextField source="owner_name" sortable={false} />
            <FunctionField source="follow_up_at" render={() => <FollowUpField />} />
            <FunctionField
              label=""
              render={() => (
                <Box onClick={stopRowClick}>
                  <ApproveLeadButton label="membership.leads.convert_short" />
                </Box>
              )}
            />
          </ResponsiveDatagrid>
        )}
      </List>
    </>
  );
}
