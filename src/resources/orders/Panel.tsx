import type { FormEventHandler, ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * One panel of the order screens (lines, workflow, courier, history, the client to order for):
 * an outlined card headed by its translated title at level two. With `onSubmit` the panel is the
 * form itself, so Enter in any of its fields submits it.
 */
export function Panel({ title, onSubmit, children }: { title: string; onSubmit?: FormEventHandler<HTMLFormElement>; children: ReactNode }) {
  const translate = useTranslate();
  const content = (
    <>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate(title)}
      </Typography>
      {children}
    </>
  );
  return (
    <Card variant="outlined">
      {onSubmit ? (
        <CardContent component="form" onSubmit={onSubmit}>
          {content}
        </CardContent>
      ) : (
        <CardContent>{content}</CardContent>
      )}
    </Card>
  );
}
