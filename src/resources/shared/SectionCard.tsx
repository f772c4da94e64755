import type { ReactElement, ReactNode } from 'react';
import { Card, CardContent, CardHeader, IconButton, Tooltip, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/** A titled card of a screen made of sections (a member's page, the branches on /users). */
export function SectionCard({ title, subheader, action, children }: { title: string; subheader?: string; action?: ReactNode; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card>
      <CardHeader title={translate(title)} subheader={subheader} action={action} />
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** What a section says when it has nothing to show. */
export function EmptyText({ message }: { message: string }) {
  const translate = useTranslate();
  return <Typography color="text.secondary">{translate(message)}</Typography>;
}

/**
 * An empty list inside a react-admin List: "nothing yet" when no filter is set (a fresh portal),
 * "nothing matches" when one is, so neither message is shown where it is not true.
 */
export function ListEmptyText({ none, noMatch }: { none: string; noMatch: string }) {
  const { filterValues } = useListContext();
  return <EmptyText message={Object.keys(filterValues ?? {}).length > 0 ? noMatch : none} />;
}

/** An icon button on a table row, named by its tooltip for screen readers and tests. */
export function RowAction({ label, icon, onClick }: { label: string; icon: ReactElement; onClick: () => void }) {
  const translate = useTranslate();
  const text = translate(label);
  return (
    <Tooltip title={text}>
      <IconButton size="small" aria-label={text} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
