import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Card, CardContent, Link, Stack, TextField, Typography } from '@mui/material';
import { Title, useGetList, useIsOffline, useNotify, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { ApiError, apiGet, apiPost } from '../../providers/http';
import { isNetworkFailure } from '../../offline/network';
import { outbox, type OrderBody } from '../../offline/outbox';
import { CreditLimitNotice, MIN_OVERRIDE_REASON, creditRefusalOf } from '../billing/CreditLimitNotice';
import { useCore } from '../../providers/useCore';
import { usePortalTitle } from '../../screens/usePortalTitle';
import type { PropertyRecord } from '../products/usePropertyValueChoices';
import { Panel } from './Panel';
import { ClientPicker, type PickedClient } from './ClientPicker';
import { DraftLines } from './DraftLines';
import { useAvailability } from '../stock/AvailabilityChip';
import { ProductPicker, type PickedProduct } from './ProductPicker';
import { QuickOrder } from './QuickOrder';
import { PastOrderLines } from './OrderAgain';
import { orderPath } from './statuses';
import { useOrderQuote, type DraftLine } from './useOrderQuote';

const newIdempotencyKey = () => crypto.randomUUID();

/** A product picked or typed in, as a line of the draft (its options chosen later). */
const lineOf = (product: PickedProduct, quantity: number): DraftLine => ({
  product_id: product.id,
  name: product.name,
  sku: product.sku,
  quantity,
  property_value_ids: [],
  offered: product.property_value_ids,
  price: product.price,
});

/**
 * /create-order and /create-order/{clientid}: an admin picks the client (or comes with it in the
 * path), a reseller comes from its client's page, a member orders for itself. Prices and the
 * total come from the server (orders/quote) and are charged the same way by orders/create.
 */
export default function CreateOrder() {
  const { clientid } = useParams();
  const core = useCore();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const title = usePortalTitle('create_order');
  const role = core?.user.role.role_name;
  const ownClient = core?.user.client?.id ?? null;
  const [picked, setPicked] = useState<PickedClient | null>(null);
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [notes, setNotes] = useState('');
  const [placing, setPlacing] = useState(false);
  // An order over the client's credit limit: the server's refusal, and an admin's reason to go over it.
  const [creditRefusal, setCreditRefusal] = useState<string | null>(null);
  const [overrideReason, setOverrideReason] = useState('');
  // One key per order being written: a retried submit (double click, lost answer) makes one order.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const { data: properties = [] } = useGetList<PropertyRecord>('properties', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } });

  const pathClient = clientid === undefined ? null : Number(clientid);
  const clientId = pathClient ?? (role === 'admin' ? (picked?.id ?? null) : ownClient);
  const toNotFound = useCallback(() => navigate('/404', { replace: true }), [navigate]);

  useEffect(() => {
    if (pathClient !== null && !(Number.isInteger(pathClient) && pathClient > 0)) toNotFound();
    else if (pathClient !== null && ownClient !== null && pathClient !== ownClient) toNotFound();
  }, [pathClient, ownClient, toNotFound]);

  // An admin or a reseller arriving with the client in the path sees its name; the reseller reads
  // it as its rep (reps/client), which also answers 404 for a client it is not linked to. The answer
  // is cached (and kept on a rep's phone): offline, the page opens with the name seen before.
  const source = role === 'admin' ? 'api/clients/client' : role === 'reseller' ? 'api/reps/client' : null;
  const { data: pathClientRecord, error: pathClientError } = useQuery({
    queryKey: ['order-client', source, pathClient],
    queryFn: () => apiGet<{ data: PickedClient }>(source!, { id: pathClient! }).then((answer) => answer.data),
    enabled: source !== null && pathClient !== null,
    retry: false,
  });
  useEffect(() => {
    if (pathClientRecord) setPicked(pathClientRecord);
  }, [pathClientRecord]);
  useEffect(() => {
    if (pathClientError instanceof ApiError) toNotFound();
  }, [pathClientError, toNotFound]);

  const offline = useIsOffline();
  const { quote, pending, failure } = useOrderQuote(clientId, lines, toNotFound);
  const availability = useAvailability(lines.map((line) => line.product_id), clientId);
  // A changed basket or client is a new question for the limit.
  useEffect(() => setCreditRefusal(null), [clientId, lines]);
  const overLimit = creditRefusal !== null || (quote?.credit?.over_by ?? 0) > 0;
  const overriding = role === 'admin' && overLimit;
  const ready = useMemo(
    () => clientId !== null && lines.length > 0 && lines.every((l) => l.quantity >= 1) && (!overriding || overrideReason.trim().length >= MIN_OVERRIDE_REASON),
    [clientId, lines, overriding, overrideReason],
  );

  /**
   * No connection (or the call could not reach the server): the order is kept on this device with
   * its key and sent later (src/offline/outbox.ts); the form is cleared for the next one.
   */
  async function keepOnDevice(body: OrderBody) {
    const shownPrices = Object.fromEntries(lines.filter((l) => l.price !== undefined).map((l) => [l.product_id, l.price!]));
    await outbox.keep({ key: idempotencyKey, userId: core!.user.id, body, clientName: picked?.name ?? core!.user.name, shownPrices, placedAt: new Date().toISOString() });
    setIdempotencyKey(newIdempotencyKey());
    setLines([]);
    setNotes('');
    notify('offline.placed_offline', { type: 'info' });
    window.scrollTo({ top: 0 });
  }

  async function place(event: FormEvent) {
    event.preventDefault();
    if (!ready || placing || clientId === null) return;
    setPlacing(true);
    const body: OrderBody = {
      client_id: clientId,
      lines: lines.map(({ product_id, quantity, property_value_ids }) => ({ product_id, quantity, property_value_ids })),
      notes,
      ...(overriding ? { credit_override_reason: overrideReason.trim() } : {}),
    };
    try {
      if (offline) {
        await keepOnDevice(body);
        return;
      }
      const answer = await apiPost<{ data: { id: number; reference: string } }>('api/orders/create', body, { 'Idempotency-Key': idempotencyKey });
      setIdempotencyKey(newIdempotencyKey());
      notify('orders.create.placed', { type: 'success', messageArgs: { reference: answer.data.reference } });
      navigate(orderPath(role, answer.data.id));
    } catch (error) {
      // Sent but unanswered: kept with the same key, so a send that did reach the server is not made twice.
      if (isNetworkFailure(error)) return keepOnDevice(body);
      const refusal = creditRefusalOf(error);
      if (refusal !== null) setCreditRefusal(refusal);
      notify('orders.create.failed', { type: 'error', messageArgs: { message: refusal ?? (error as Error).message } });
    } finally {
      setPlacing(false);
    }
  }

  const needsClientPage = role === 'reseller' && pathClient === null;
  return (
    <Stack component="form" spacing={2} sx={{ my: 2 }} onSubmit={place}>
      <Title title={title} />
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {needsClientPage ? (
        <Alert severity="info">
          <Link component={RouterLink} to={`/reps/view/${core?.user.id}`}>
            {translate('orders.create.no_client_for_reseller')}
          </Link>
        </Alert>
      ) : (
        <>
          {(role === 'admin' || role === 'reseller') && (
            <Panel title="orders.create.client">
              {pathClient === null ? <ClientPicker value={picked} onChange={setPicked} /> : <Typography>{picked?.name ?? '…'}</Typography>}
            </Panel>
          )}
          <Card variant="outlined">
            <CardContent>
              <Stack spacing={2}>
                <Typography variant="h6" component="h2">
                  {translate('orders.create.products')}
                </Typography>
                <PastOrderLines onAdd={(past) => setLines((current) => [...current, ...past])} />
                <ProductPicker onPick={(product) => setLines((current) => [...current, lineOf(product, 1)])} />
                <QuickOrder onAdd={(picked) => setLines((current) => [...current, ...picked.map(({ product, quantity }) => lineOf(product, quantity))])} />
                <DraftLines
                  lines={lines}
                  properties={properties}
                  quote={quote}
                  pending={pending}
                  failure={failure}
                  offline={offline}
                  availability={availability}
                  onChange={(index, line) => setLines((current) => current.map((l, i) => (i === index ? line : l)))}
                  onRemove={(index) => setLines((current) => current.filter((_, i) => i !== index))}
                />
                <Typography variant="caption" color="text.secondary">
                  {translate('orders.create.prices_note')}
                </Typography>
                <TextField label={translate('orders.create.notes')} name="notes" value={notes} onChange={(e) => setNotes(e.target.value)} multiline minRows={2} slotProps={{ htmlInput: { maxLength: 4000 } }} />
              </Stack>
            </CardContent>
          </Card>
          <CreditLimitNotice credit={quote?.credit} refusal={creditRefusal} isAdmin={role === 'admin'} reason={overrideReason} onReason={setOverrideReason} />
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" size="large" disabled={!ready || placing}>
              {translate(placing ? 'orders.create.placing' : overriding ? 'billing.orders.place_over_limit' : 'orders.create.place')}
            </Button>
          </Stack>
        </>
      )}
    </Stack>
  );
}
