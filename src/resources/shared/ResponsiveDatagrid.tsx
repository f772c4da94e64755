import { Fragment, isValidElement, useState, type ReactNode } from 'react';
import ChecklistIcon from '@mui/icons-material/Checklist';
import { Box, Checkbox } from '@mui/material';
import { BulkActionsToolbar, Button, Datagrid, SimpleList, useListContext, useTranslate, type DatagridProps, type RaRecord, type SimpleListProps } from 'react-admin';
import { useIsPhone } from './useIsPhone';

/** What a row says on a phone: react-admin's SimpleList texts, each read from the record. */
export interface PhoneRow<RecordType extends RaRecord = RaRecord> {
  /** The row's name (an order's number, a member's name). */
  primaryText: (record: RecordType) => ReactNode;
  /** The line under it: the few columns that matter most. */
  secondaryText?: (record: RecordType) => ReactNode;
  /** Shown at the end of the first line: a status chip, a total. */
  tertiaryText?: (record: RecordType) => ReactNode;
  /**
   * Buttons at the row's end (approve, retry). A row with buttons is not itself a link, which
   * would nest one control in another: put the link in `primaryText` when the row leads somewhere.
   */
  actions?: (record: RecordType) => ReactNode;
}

export type ResponsiveDatagridProps<RecordType extends RaRecord = RaRecord> = DatagridProps<RecordType> & { phone: PhoneRow<RecordType> };

/**
 * A list's rows: react-admin's Datagrid from `sm` up, its SimpleList on a phone (as in the
 * react-admin demo), where a table of seven columns would run off the screen and cut the status.
 * Paging, sorting and filters stay the List's; bulk actions get a "select" mode on a phone.
 */
export function ResponsiveDatagrid<RecordType extends RaRecord = RaRecord>({ phone, ...datagrid }: ResponsiveDatagridProps<RecordType>) {
  const isPhone = useIsPhone();
  if (!isPhone) return <Datagrid {...datagrid} />;
  return <PhoneList phone={phone} rowClick={datagrid.rowClick} bulkActionButtons={datagrid.bulkActionButtons} empty={datagrid.empty} />;
}

function PhoneList<RecordType extends RaRecord>({
  phone,
  rowClick,
  bulkActionButtons,
  empty,
}: { phone: PhoneRow<RecordType> } & Pick<DatagridProps<RecordType>, 'rowClick' | 'bulkActionButtons' | 'empty'>) {
  const translate = useTranslate();
  const { selectedIds = [], onToggleItem, onUnselectItems } = useListContext<RecordType>();
  const [selecting, setSelecting] = useState(false);
  const bulkActions = isValidElement(bulkActionButtons) ? bulkActionButtons : null;
  const toggleSelecting = () => {
    if (selecting) onUnselectItems();
    setSelecting(!selecting);
  };
  return (
    <>
      {/* First: with rows selected it slides over what is above it (the filters), not over the toggle. */}
      {bulkActions && selecting && <BulkActionsToolbar>{bulkActions}</BulkActionsToolbar>}
      {bulkActions && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1 }}>
          <Button label={selecting ? 'app.layout.done_selecting' : 'app.layout.select_rows'} onClick={toggleSelecting} data-testid="phone-select-rows">
            <ChecklistIcon />
          </Button>
        </Box>
      )}
      <PhoneRows<RecordType>
        phone={phone}
        // While selecting, a tap on a row's box selects it; a row that was also a link would
        // nest one control in another, so rows stop being links until selecting is done. A simple
        // list has no expanded panel: a row that expands on a wide screen is plain on a phone.
        rowClick={selecting || phone.actions || rowClick === 'expand' || rowClick === 'toggleSelection' ? false : rowClick}
        leftIcon={
          selecting
            ? (record) => (
                <Checkbox
                  edge="start"
                  checked={selectedIds.includes(record.id)}
                  onChange={() => onToggleItem(record.id)}
                  slotProps={{ input: { 'aria-label': translate('ra.action.select_row') } }}
                />
              )
            : undefined
        }
        empty={empty}
      />
    </>
  );
}

/**
 * A row's facts joined by " · ", each isolated: in Arabic the parts (a client, a total, a date)
 * then follow the page's right-to-left order instead of merging into one left-to-right run.
 */
export function Facts({ parts }: { parts: ReactNode[] }) {
  const shown = parts.filter((part) => part !== null && part !== undefined && part !== false && part !== '');
  return shown.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && ' · '}
      {/* A fact wraps to the next line whole (a date is not split from its time) unless it is longer than the line. */}
      <Box component="bdi" sx={{ display: 'inline-block', maxWidth: '100%', overflowWrap: 'anywhere' }}>
        {part}
      </Box>
    </Fragment>
  ));
}

export type PhoneRowsProps<RecordType extends RaRecord = RaRecord> = Omit<SimpleListProps<RecordType>, 'primaryText' | 'secondaryText' | 'tertiaryText'> & {
  phone: PhoneRow<RecordType>;
};

/**
 * react-admin's SimpleList with a PhoneRow's texts. Inside a List it reads the list's records;
 * elsewhere (a card of recent orders, a rep's clients) pass `data`, `total` and `isPending`.
 */
export function PhoneRows<RecordType extends RaRecord = RaRecord>({ phone, sx, ...props }: PhoneRowsProps<RecordType>) {
  return (
    <SimpleList<RecordType>
      {...props}
      primaryText={phone.primaryText}
      secondaryText={phone.secondaryText}
      tertiaryText={phone.tertiaryText}
      rightIcon={phone.actions}
      data-testid="phone-list"
      // SimpleList dims the third text to 54 %: too faint for a status chip's contrast.
      sx={[{ '& .RaSimpleList-tertiary': { opacity: 1, marginInlineStart: 1 } }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
