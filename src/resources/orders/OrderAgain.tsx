import { useEffect, useRef, useState } from 'react';
import ReplayIcon from '@mui/icons-material/Replay';
import { Alert, Button, List, ListItem } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { apiGet } from '../../providers/http';
import type { DraftLine } from './useOrderQuote';

/** The roles that place orders (server/modules/orders/routes.ts ORDERING); the server checks the client. */
const ORDERING = ['admin', 'stockist', 'individual', 'reseller'];

/** The query parameter that brings a past order's lines to the order screen. */
const FROM_ORDER = 'from_order';

interface PastOrderDraft {
  client_id: number;
  /** options_gone: options the line was ordered with that its product no longer offers. */
  lines: (DraftLine & { unit_price: number; options_gone: { id: number; property: string; value: string }[] })[];
  left_out: { product_id: number; sku: string; name: string; quantity: number }[];
}

/**
 * "Order again" on an order's page: opens the order screen for the same client with
 * this order's lines. A member orders for itself (/create-order); an admin or a rep names the client.
 */
export function OrderAgainButton({ role, order }: { role: string | undefined; order: { id: number; client_id: number } }) {
  const translate = useTranslate();
  if (!role || !ORDERING.includes(role)) return null;
  const client = role === 'admin' || role === 'reseller' ? `/${order.client_id}` : '';
  return (
    <Button component={RouterLink} to={`/create-order${client}?${FROM_ORDER}=${order.id}`} startIcon={<ReplayIcon />} variant="outlined">
      {translate('orders.again.button')}
    </Button>
  );
}

/**
 * On the order screen opened by "Order again": the past order's lines, priced today by the server
 * (orders/reorder), join the draft once; what is no longer sold is left out and listed here.
 */
export function PastOrderLines({ onAdd }: { onAdd: (lines: DraftLine[]) => void }) {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const orderId = Number(params.get(FROM_ORDER));
  const [draft, setDraft] = useState<PastOrderDraft | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const add = useRef(onAdd);
  add.current = onAdd;

  useEffect(() => {
    if (!(Number.isInteger(orderId) && orderId > 0)) return;
    // A screen left (or React's second mount in development) before the answer adds nothing.
    let live = true;
    apiGet<{ data: PastOrderDraft }>('api/orders/reorder', { id: orderId }).then(
      (answer) => {
        if (!live) return;
        setDraft(answer.data);
        if (answer.data.lines.length > 0) add.current(answer.data.lines.map(({ unit_price: _price, options_gone: _gone, ...line }) => line));
      },
      (error: Error) => live && setFailure(error.message),
    );
    return () => {
      live = false;
    };
  }, [orderId]);

  if (!(Number.isInteger(orderId) && orderId > 0)) return null;
  if (failure !== null) return <Alert severity="error">{translate('orders.again.failed', { message: failure })}</Alert>;
  if (!draft) return <Alert severity="info">{translate('orders.again.loading')}</Alert>;
  const optionsGone = draft.lines.filter((line) => line.options_gone.length > 0);
  return (
    <>
      {draft.lines.length > 0 && (
        <Alert severity="success" role="status">
          {translate('orders.again.added', { smart_count: draft.lines.length })}
        </Alert>
      )}
      {draft.left_out.length > 0 && (
        <Alert severity="warning" data-testid="order-again-left-out">
          {translate('orders.again.left_out', { smart_count: draft.left_out.length })}
          <List dense disablePadding>
            {draft.left_out.map((line) => (
              <ListItem key={line.product_id} disableGutters>
                {translate('orders.again.left_out_line', { name: line.name, sku: line.sku, quantity: line.quantity })}
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
      {optionsGone.length > 0 && (
        <Alert severity="warning" data-testid="order-again-options-gone">
          {translate('orders.again.options_gone')}
          <List dense disablePadding>
            {optionsGone.map((line, index) => (
              <ListItem key={index} disableGutters>
                {translate('orders.again.options_gone_line', {
                  name: line.name,
                  options: line.options_gone.map((option) => `${option.property}: ${option.value}`).join(', '),
                })}
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
    </>
  );
}
