import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { toString as qrSvg } from 'qrcode';
import { ApiError } from '../../providers/http';
import { useApiAction } from '../shared/useApiAction';
import { confirmTwoFactor, enrolTwoFactor } from './calls';

/** The QR code as an SVG data URL: an image the page's CSP allows (`img-src data:`), no canvas, no inline script. */
async function qrImage(otpauthUrl: string): Promise<string> {
  const svg = await qrSvg(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The key in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Enrolment: a new secret from the server, shown as a QR code and as text, and a first code from
 * the app to prove it holds the secret. The recovery codes come back from the confirmation.
 */
export function EnrolTwoFactor({ onEnrolled, onCancel }: { onEnrolled: (recoveryCodes: string[]) => void; onCancel: () => void }) {
  const translate = useTranslate();
  const [secret, setSecret] = useState<string | null>(null);
  const [image, setImage] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [enrolFailure, setEnrolFailure] = useState<string | null>(null);
  // A wrong code is said in the reader's language, in the form; the recovery codes come with success.
  const confirmCode = useApiAction(confirmTwoFactor, { notifyFailure: false, onSuccess: (answer) => onEnrolled(answer.recovery_codes) });
  // Once confirmed the page moves on to the recovery codes: the button stays off.
  const busy = confirmCode.isPending || confirmCode.data !== undefined;
  const failure = confirmCode.error
    ? confirmCode.error instanceof ApiError && confirmCode.error.status === 400
      ? translate('security.enrol.code_wrong')
      : confirmCode.error.message
    : enrolFailure;

  useEffect(() => {
    let live = true;
    enrolTwoFactor()
      .then(async (answer) => {
        const picture = await qrImage(answer.otpauth_url);
        if (!live) return;
        setSecret(answer.secret);
        setImage(picture);
      })
      .catch((error: Error) => live && setEnrolFailure(error.message || translate('ra.notification.http_error')));
    return () => {
      live = false;
    };
  }, [translate]);

  function submit(event: FormEvent) {
    event.preventDefault();
    void confirmCode.run(code.trim());
  }

  return (
    <Box component="form" onSubmit={submit} aria-labelledby="enrol-title">
      <Typography id="enrol-title" variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
        {translate('security.enrol.title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate('security.enrol.scan')}
      </Typography>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      {secret && image && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
          <Box component="img" src={image} alt={translate('security.enrol.qr_alt')} width={200} height={200} sx={{ bgcolor: '#fff', flexShrink: 0 }} data-testid="two-factor-qr" />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{translate('security.enrol.manual')}</Typography>
            <Typography component="code" dir="ltr" data-testid="two-factor-secret" sx={{ display: 'block', fontFamily: 'monospace', fontSize: '1.1rem', my: 1, wordBreak: 'break-all' }}>
              {grouped(secret)}
            </Typography>
            <TextField
              label={translate('security.enrol.code')}
              name="code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="one-time-code"
              helperText={translate('security.enrol.code_hint')}
              required
              size="small"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, dir: 'ltr' } }}
              sx={{ mt: 1 }}
            />
            <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
              <Button type="submit" variant="contained" disabled={busy || code.trim().length !== 6}>
                {translate('security.enrol.confirm')}
              </Button>
              <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
            </Stack>
          </Box>
        </Stack>
      )}
    </Box>
  );
}
