import { useState } from 'react';
import TuneIcon from '@mui/icons-material/Tune';
import HistoryIcon from '@mui/icons-material/History';
import { Link as RouterLink } from 'react-router-dom';
import { Chip, Stack } from '@mui/material';
import { Button, ExportButton, FunctionField, List, NumberField, SearchInput, TextField, TopToolbar, useRefresh, useTranslate } from 'react-admin';
import { useSelectedBranch } from '../../providers/branchSelection';
import { useCore } from '../../providers/useCore';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { PageHeading } from '../shared/PageHeading';
import { Facts, ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';
import { ListEmptyText, RowAction } from '../shared/SectionCard';
import { AdjustDialog } from './AdjustDialog';
import { levelExporter } from './exporters';
import type { StockLevel } from './types';
import { availabilityOf } from '../../../shared/stock/availability';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Below the product's low mark (but not out: the backordered column tells that). */
const isLow = (level: StockLevel) => availabilityOf(level.available, level.low_mark) === 'low';

/** The available figure, and a "Low" chip when it is under the product's mark. */
function AvailableFigure({ level }: { level: StockLevel }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} alignItems="center" justifyContent="flex-end">
      {isLow(level) && <Chip size="small" variant="outlined" color="warning" label={translate('stock.availability.low')} />}
      <NumberField source="available" />
    </Stack>
  );
}

function StockActionsBar() {
  return (
    <TopToolbar>
      <Button label="stock.movements_link" component={RouterLink} to="/stock-movements">
        <HistoryIcon />
      </Button>
      <ExportButton />
    </TopToolbar>
  );
}

/**
 * /stock (admins and production): every product on sale in the selected branch (all branches when
 * none is), with what is on hand, reserved, available, backordered and in production; search,
 * pages and CSV export by the server; "Adjust / count" per row.
 */
export default function StockList() {
  const core = useCore();
  const translate = useTranslate();
  const refresh = useRefresh();
  const branch = useSelectedBranch(core?.branch_config ?? []);
  const title = usePortalTitle('stock');
  const [adjusting, setAdjusting] = useState<StockLevel | null>(null);
  const branchName = core?.branch_config.find((b) => b.id === branch)?.name ?? translate('stock.all_branches');
  const adjustButton = (level: StockLevel) => <RowAction label="stock.adjust.open" icon={<TuneIcon fontSize="small" />} onClick={() => setAdjusting(level)} />;
  const phoneRow: PhoneRow<StockLevel> = {
    primaryText: (level) => <bdi>{level.product_name}</bdi>,
    secondaryText: (level) => (
      <Facts
        parts={[
          level.sku,
          `${translate('resources.stock.fields.available')} ${level.available}${isLow(level) ? ` (${translate('stock.availability.low')})` : ''}`,
          `${translate('resources.stock.fields.reserved')} ${level.reserved}`,
          level.backordered > 0 ? `${translate('resources.stock.fields.backordered')} ${level.backordered}` : null,
        ]}
      />
    ),
    actions: adjustButton,
  };
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <List
        resource="stock"
        title={`${title} · ${branchName}`}
        filter={{ branch_id: branch }}
        filters={filters}
        sort={{ field: 'product_name', order: 'ASC' }}
        perPage={25}
        exporter={levelExporter}
        actions={<StockActionsBar />}
        storeKey={`stock.branch.${branch}`}
        empty={false}
      >
        <ResponsiveDatagrid phone={phoneRow} bulkActionButtons={false} rowClick={false} empty={<ListEmptyText none="stock.none" noMatch="stock.no_match" />}>
          <FunctionField source="product_name" render={(level: StockLevel) => <bdi>{level.product_name}</bdi>} />
          <TextField source="sku" />
          <TextField source="branch_name" sortable={false} />
          <NumberField source="on_hand" />
          <NumberField source="reserved" />
          <FunctionField source="available" textAlign="right" render={(level: StockLevel) => <AvailableFigure level={level} />} />
          <NumberField source="backordered" />
          <NumberField source="in_production" />
          <FunctionField source="actions" sortable={false} textAlign="right" render={adjustButton} />
        </ResponsiveDatagrid>
      </List>
      {adjusting && <AdjustDialog level={adjusting} onClose={() => setAdjusting(null)} onDone={refresh} />}
    </>
  );
}
