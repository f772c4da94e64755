import { isValidElement, useState } from 'react';
import ChecklistIcon from '@mui/icons-material/Checklist';
import { Box, Checkbox } from '@mui/material';
import { BulkActionsToolbar, Button, SimpleList, useListContext, useTranslate, type DatagridProps, type RaRecord, type SimpleListProps } from 'react-admin';
import type { PhoneRow } from './ResponsiveDatagrid';

/**
 * A list's rows on a phone (ResponsiveDatagrid loads this module there only): react-admin's
 * SimpleList, with a "select" mode for the bulk actions a table offers through its checkboxes.
 */
export default function PhoneList<RecordType extends RaRecord>({
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
