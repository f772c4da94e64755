import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Card, CardContent, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { apiPost } from '../../providers/http';
import { useDebounced } from '../reps/RepClientsCard';
import { ClientSearch, type ClientOption } from '../mailing-lists/ClientSearch';
import type { TemplatePreview } from '../mailing-lists/types';
import { TestSendButton } from './TestSendButton';
import { cspNonce } from '../../theme/cspNonce';
import { previewDocument } from './previewDocument';

/**
 * The mail as the server renders it (crm/previewtemplate): placeholders filled for the chosen
 * client (or with examples), HTML sanitised. The HTML is shown in an iframe with an empty
 * `sandbox`: no script, no form, no navigation of this page can come out of a template. Its inline
 * styles travel in a nonced style element (previewDocument), as the page's CSP requires.
 */
export function PreviewFrame({ html, title }: { html: string; title: string }) {
  const document = useMemo(() => previewDocument(html, cspNonce()), [html]);
  return (
    <Box
      component="iframe"
      title={title}
      sandbox=""
      srcDoc={document}
      sx={{ width: '100%', minHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'common.white' }}
    />
  );
}

export function PreviewPanel() {
  const translate = useTranslate();
  const [subject = '', body = ''] = useWatch({ name: ['subject', 'body'] }) as [string | undefined, string | undefined];
  const [client, setClient] = useState<ClientOption | null>(null);
  const [tab, setTab] = useState<'html' | 'text'>('html');
  const [preview, setPreview] = useState<TemplatePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The server renders a moment after the last key stroke, not on every one.
  const settled = useDebounced(JSON.stringify({ subject, body, client_id: client?.id }), 500);

  useEffect(() => {
    const draft = JSON.parse(settled) as { subject: string; body: string; client_id?: number };
    if (!draft.body.trim()) {
      setPreview(null);
      setError(null);
      return undefined;
    }
    let live = true;
    apiPost<{ data: TemplatePreview }>('api/crm/previewtemplate', draft).then(
      (answer) => {
        if (!live) return;
        setPreview(answer.data);
        setError(null);
      },
      (failure: Error) => {
        if (!live) return;
        // A stale preview under the error would show a mail that can no longer be sent like that.
        setPreview(null);
        setError(failure.message || translate('ra.notification.http_error'));
      },
    );
    return () => {
      live = false;
    };
  }, [settled, translate]);

  return (
    <Card variant="outlined" component="section" aria-labelledby="preview-title">
      <CardContent>
        <Typography id="preview-title" variant="h6" component="h2" gutterBottom>
          {translate('mailing.preview.title')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}>
          <ClientSearch label="mailing.preview.client" helperText="mailing.preview.client_hint" value={client} onPick={setClient} />
          <TestSendButton subject={subject} body={body} />
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {!preview ? (
          !error && <Typography color="text.secondary">{translate('mailing.preview.empty')}</Typography>
        ) : (
          <>
            <Typography variant="body2" sx={{ mb: 1 }}>
              <strong>{translate('mailing.preview.subject')}:</strong> <bdi data-testid="preview-subject">{preview.subject}</bdi>
            </Typography>
            <Tabs value={tab} onChange={(_event, next) => setTab(next)} sx={{ mb: 1 }}>
              <Tab value="html" label={translate('mailing.preview.html')} />
              <Tab value="text" label={translate('mailing.preview.text')} />
            </Tabs>
            {tab === 'html' ? (
              <PreviewFrame html={preview.html} title={translate('mailing.preview.frame')} />
            ) : (
              <Box component="pre" dir="auto" sx={{ whiteSpace: 'pre-wrap', m: 0, p: 1, border: 1, borderColor: 'divider', borderRadius: 1, minHeight: 200 }}>
                {preview.text}
              </Box>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
