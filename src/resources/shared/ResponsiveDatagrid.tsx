import { Fragment, lazy, Suspense, type ReactNode } from 'react';
import { Box, LinearProgress } from '@mui/material';
import { Datagrid, useTranslate, type DatagridProps, type RaRecord } from 'react-admin';
import { useIsPhone } from './useIsPhone';

// Only a phone draws rows as a simple list: its code (SimpleList, MUI's list items) is fetched
// then, and stays out of the first screen every desktop downloads.
const PhoneList = lazy(() => import('./PhoneList'));

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
  return (
    <Suspense fallback={<PhoneListLoading />}>
      <PhoneList phone={phone as PhoneRow} rowClick={datagrid.rowClick} bulkActionButtons={datagrid.bulkActionButtons} empty={datagrid.empty} />
    </Suspense>
  );
}

function PhoneListLoading() {
  const translate = useTranslate();
  return <LinearProgress aria-label={translate('ra.page.loading')} sx={{ my: 2 }} />;
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
