import { useMemo, useState } from 'react';
import { Box, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { ActionDialog, type Failure } from '../billing/ActionDialog';
import { Facts } from '../shared/ResponsiveDatagrid';
import { createDelivery } from './calls';
import { deliveryBody, typedQuantity, type DeliverableLine } from './deliveryLines';
import { NoBreak, useTranslateNodes } from '../../i18n/translateNodes';

/** The server's refusals of lines by order line (it names them by their place in what was sent). */
function lineErrors(failure: Failure | null, lineOfField: ((field: string) => number | undefined) | undefined): Map<number, string> {
  const errors = new Map<number, string>();
  if (!failure || !lineOfField) return errors;
  for (const [field, message] of Object.entries(failure.errors)) {
    const line = lineOfField(field);
    if (line !== undefined) errors.set(line, message);
  }
  return errors;
}

/**
 * "New delivery" of an order: one quantity per line that still holds units reserved (all of them
 * to begin with; 0 keeps the line back), the courier and waybill if known, confirmed before it is
 * sent (a delivery takes the units off the stock and issues the invoice of what left). Beside each
 * line, what it has backordered, and below them the lines that wait for stock whole: the person
 * dispatching sees what will not leave yet. A refusal (more than is reserved: someone else sent it
 * meanwhile) is said beside the line it names.
 */
export function NewDeliveryDialog({
  orderId,
  reference,
  lines,
  waiting,
  onClose,
  onDone,
}: {
  orderId: number;
  reference: string;
  /** The lines holding units reserved: one quantity each. */
  lines: DeliverableLine[];
  /** The lines with nothing reserved and units backordered: shown, nothing to type. */
  waiting: DeliverableLine[];
  onClose: () => void;
  onDone: () => void;
}) {
  const translate = useTranslate();
  const translateNodes = useTranslateNodes();
  const notify = useNotify();
  const [typed, setTyped] = useState<Record<number, string>>({});
  // The two optional texts of the parcel, written as the body names them.
  const [parcel, setParcel] = useState({ courier: '', waybill: '' });
  const prepared = useMemo(() => deliveryBody(orderId, lines, typed, parcel.courier, parcel.waybill), [orderId, lines, typed, parcel]);
  // The mapping of the body that was sent, for its refusal (the fields may change after it).
  const [sentMapping, setSentMapping] = useState<((field: string) => number | undefined) | undefined>(undefined);

  async function send() {
    if (!prepared) return;
    setSentMapping(() => prepared.lineOfField);
    const delivery = await createDelivery(prepared.body);
    notify('deliveries.create.done', { type: 'success', messageArgs: { number: delivery.number } });
    onDone();
  }

  return (
    <ActionDialog
      title={translateNodes('deliveries.create.title', { reference: <NoBreak>{reference}</NoBreak> })}
      submit="deliveries.create.submit"
      ready={prepared !== null}
      confirm={{ title: translate('deliveries.create.confirm_title'), content: translate('deliveries.create.confirm_content', { smart_count: prepared?.body.lines.length ?? 0 }) }}
      action={send}
      onClose={onClose}
    >
      {(failure) => {
        const errors = lineErrors(failure, sentMapping);
        return (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {translate('deliveries.create.hint')}
            </Typography>
            {lines.map((line) => {
              const text = typed[line.orderLineId] ?? String(line.reserved);
              const wrong = typedQuantity(text, line) === null;
              return (
                <TextField
                  key={line.orderLineId}
                  label={`${line.productName} (${line.sku})`}
                  name={`quantity-${line.orderLineId}`}
                  value={text}
                  onChange={(event) => setTyped((current) => ({ ...current, [line.orderLineId]: event.target.value }))}
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
                  error={wrong || errors.has(line.orderLineId)}
                  helperText={
                    errors.get(line.orderLineId) ?? (
                      <Facts
                        parts={[
                          translate('deliveries.create.reserved', { smart_count: line.reserved }),
                          line.backordered > 0 && translate('deliveries.create.backordered', { smart_count: line.backordered }),
                        ]}
                      />
                    )
                  }
                />
              );
            })}
            {waiting.length > 0 && (
              <Box data-testid="delivery-waiting-lines">
                <Typography variant="subtitle2" component="h3" id="delivery-waiting-title">
                  {translate('deliveries.create.waiting_title')}
                </Typography>
                <List dense disablePadding aria-labelledby="delivery-waiting-title">
                  {waiting.map((line) => (
                    <ListItem key={line.orderLineId} disableGutters>
                      <ListItemText primary={`${line.productName} (${line.sku})`} secondary={translate('deliveries.create.backordered', { smart_count: line.backordered })} />
                    </ListItem>
                  ))}
                </List>
              </Box>
            )}
            {(['courier', 'waybill'] as const).map((field) => (
              <TextField
                key={field}
                label={translate(`deliveries.fields.${field}`)}
                name={field}
                value={parcel[field]}
                onChange={(event) => setParcel((current) => ({ ...current, [field]: event.target.value }))}
                slotProps={{ htmlInput: { maxLength: 100 } }}
                error={Boolean(failure?.errors[field])}
                helperText={failure?.errors[field] ?? translate('deliveries.create.optional')}
              />
            ))}
          </Stack>
        );
      }}
    </ActionDialog>
  );
}
