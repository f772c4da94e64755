import { useEffect, useRef, useState, type FormEvent } from 'react';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { Loading, Title, useIsOffline, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { MAX_PHOTO_BYTES, MAX_SIGNED_BY, shipsGoods } from '../../../shared/deliveries/proof';
import { formatDateTime } from '../../i18n/format';
import { isProof, outbox, postProof, retryable, type WaitingProof } from '../../offline/outbox';
import { useWaitingItems } from '../../offline/useWaitingItems';
import { ApiError } from '../../providers/http';
import { useCore } from '../../providers/useCore';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { Facts } from '../shared/ResponsiveDatagrid';
import { useApiGet } from '../shared/useApiGet';
import { DELIVERIES } from './calls';
import { photoForProof } from './photo';
import { SignaturePad, type SignaturePadHandle } from './SignaturePad';
import type { Delivery } from './types';
import { usePosition } from './usePosition';

const MB = 1024 * 1024;

/**
 * The receiver's proof of one delivery, filled on the driver's phone: a signature drawn in the box,
 * the receiver's name, a photo if one is taken, and the place and time. Send posts it with its own
 * `Idempotency-Key`; without a connection (or when the answer never comes) it is kept on the phone
 * in the app's outbox and sent once the connection is back, and the screen says it waits.
 */
function ProofForm({ delivery, onSent }: { delivery: Delivery; onSent: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const offline = useIsOffline();
  const userId = useCore()?.user.id;
  const pad = useRef<SignaturePadHandle>(null);
  const position = usePosition();
  // Chosen once for this proof: every try of it (now, from the outbox later) is the same proof.
  const [key] = useState(() => crypto.randomUUID());
  const [inked, setInked] = useState(false);
  const [name, setName] = useState('');
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [preparingPhoto, setPreparingPhoto] = useState(false);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const ready = inked && name.trim().length > 0 && userId !== undefined && !sending && !preparingPhoto;

  async function pickPhoto(file: File | undefined) {
    setRefusal(null);
    if (!file) return;
    setPreparingPhoto(true);
    const usable = await photoForProof(file);
    setPreparingPhoto(false);
    setPhotoError(usable ? null : translate('deliveries.proof.photo_unusable', { mb: MAX_PHOTO_BYTES / MB }));
    setPhoto(usable);
  }

  async function keep(proof: WaitingProof) {
    await outbox.keep(proof);
    notify('deliveries.proof.kept', { type: 'info' });
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    setSending(true);
    setRefusal(null);
    try {
      const now = new Date().toISOString();
      const proof: WaitingProof = {
        kind: 'proof',
        key,
        userId: userId!,
        deliveryId: delivery.id,
        deliveryNumber: delivery.number,
        orderReference: delivery.order_reference,
        signedBy: name.trim(),
        capturedAt: now,
        position: position.coords,
        signature: await pad.current!.png(),
        photo: photo ? await photo.arrayBuffer() : null,
        placedAt: now,
      };
      if (offline) return await keep(proof);
      try {
        await postProof(proof);
        notify('deliveries.proof.sent', { type: 'success', messageArgs: { number: delivery.number } });
        onSent();
      } catch (error) {
        // Sent but unanswered (or the server down): kept with its key, so a proof that did arrive is not made twice.
        if (retryable(error)) return await keep(proof);
        setRefusal(error instanceof ApiError ? error : new ApiError(0, (error as Error).message));
      }
    } finally {
      setSending(false);
    }
  }

  const fieldError = (field: string) => refusal?.errors[field];
  const positionText =
    position.status === 'known'
      ? translate('deliveries.proof.position_known', { lat: position.coords.lat.toFixed(5), lng: position.coords.lng.toFixed(5) })
      : translate(position.status === 'asking' ? 'deliveries.proof.position_asking' : 'deliveries.proof.position_none');

  return (
    <Stack component="form" spacing={2} onSubmit={send} noValidate>
      {offline && (
        <Alert severity="info" role="status">
          {translate('deliveries.proof.offline_hint')}
        </Alert>
      )}
      {refusal && <Alert severity="error">{refusal.message || translate('ra.notification.http_error')}</Alert>}
      <SignaturePad ref={pad} label={translate('deliveries.proof.signature')} onInk={setInked} error={fieldError('signature')} />
      <TextField
        label={translate('deliveries.proof.signed_by')}
        name="signed_by"
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        autoComplete="name"
        slotProps={{ htmlInput: { maxLength: MAX_SIGNED_BY } }}
        error={Boolean(fieldError('signed_by'))}
        helperText={fieldError('signed_by') ?? translate('deliveries.proof.signed_by_hint')}
      />
      <Stack spacing={0.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Button component="label" variant="outlined" startIcon={<PhotoCameraIcon />}>
            {translate(photo ? 'deliveries.proof.photo_again' : 'deliveries.proof.photo')}
            <input
              hidden
              type="file"
              accept="image/jpeg"
              capture="environment"
              name="photo"
              onChange={(event) => {
                void pickPhoto(event.target.files?.[0]);
                // The same picture chosen again (after Remove) is a change too.
                event.target.value = '';
              }}
            />
          </Button>
          {photo && (
            <>
              <Typography variant="body2" data-testid="proof-photo">
                {translate('deliveries.proof.photo_taken', { size: (photo.size / MB).toFixed(1) })}
              </Typography>
              <Button size="small" onClick={() => setPhoto(null)}>
                {translate('deliveries.proof.photo_remove')}
              </Button>
            </>
          )}
        </Stack>
        <Typography variant="caption" color={photoError || fieldError('photo') ? 'error' : 'text.secondary'} role={photoError ? 'alert' : undefined}>
          {photoError ?? fieldError('photo') ?? translate('deliveries.proof.photo_hint', { mb: MAX_PHOTO_BYTES / MB })}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" data-testid="proof-position">
        {positionText}
      </Typography>
      <Box>
        <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={!ready}>
          {translate('deliveries.proof.send')}
        </Button>
      </Box>
    </Stack>
  );
}

/** /deliveries/{id}/proof: one delivery and its proof, or (admins and production) the form to make it. */
export default function ProofScreen() {
  const { deliveryid } = useParams();
  const id = /^\d{1,10}$/.test(deliveryid ?? '') ? Number(deliveryid) : 0;
  const translate = useTranslate();
  const navigate = useNavigate();
  const pageTitle = usePortalTitle('delivery_proof');
  const { data, error, refetch } = useApiGet<{ data: Delivery[] }>(DELIVERIES, { id }, id > 0);
  const delivery = data?.data[0];
  const waiting = useWaitingItems().find((item): item is WaitingProof => isProof(item) && item.deliveryId === id);
  // Those who deliver make the proof (the server decides); a member opening its own delivery reads it.
  const delivers = shipsGoods(useCore()?.user.role.role_name);

  // A delivery the caller may not see is not listed: as any record, it is not found.
  useEffect(() => {
    if (id === 0 || (data && data.data.length === 0)) navigate('/404', { replace: true });
  }, [id, data, navigate]);

  if (!delivery) {
    if (!error) return <Loading />;
    return (
      <Alert
        severity="error"
        sx={{ my: 2 }}
        action={
          <Button color="inherit" size="small" onClick={refetch}>
            {translate('ra.action.refresh')}
          </Button>
        }
      >
        {translate('deliveries.load_failed', { message: error.message })}
      </Alert>
    );
  }
  return (
    <Stack spacing={2} sx={{ my: 2, maxWidth: 640 }}>
      <Title title={`${pageTitle} ${delivery.number}`} />
      <Typography variant="h5" component="h1">
        {translate('deliveries.proof.heading', { number: delivery.number })}
      </Typography>
      <Box>
        <Link component={RouterLink} to={`/orders/view/order/${delivery.order_id}`}>
          {translate('deliveries.proof.order', { reference: delivery.order_reference })}
        </Link>
        <Typography variant="body2">
          <Facts parts={delivery.lines.map((line) => `${line.quantity} × ${line.product_name}`)} />
        </Typography>
      </Box>
      {delivery.delivered_at ? (
        <Alert severity="success" data-testid="proof-done">
          {translate('deliveries.signed', { name: delivery.signed_by ?? '', at: formatDateTime(delivery.delivered_at) })}
        </Alert>
      ) : waiting ? (
        <Alert severity={waiting.refusal ? 'error' : 'info'} role="status" data-testid="proof-waiting">
          {waiting.refusal
            ? translate('offline.waiting.refused', { message: waiting.refusal })
            : translate('deliveries.proof.waiting', { name: waiting.signedBy, at: formatDateTime(waiting.capturedAt) })}
        </Alert>
      ) : delivers ? (
        <ProofForm delivery={delivery} onSent={refetch} />
      ) : (
        <Typography color="text.secondary">{translate('deliveries.awaiting_proof')}</Typography>
      )}
    </Stack>
  );
}
