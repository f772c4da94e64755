import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Loading, useTranslate } from 'react-admin';
import { AUTOMAIL_BODY_MAX, AUTOMAIL_SUBJECT_MAX, type AutomailKind } from '../../../shared/automail/kinds';
import { PreviewFrame } from '../email-templates/PreviewPanel';
import { useApiAction } from '../shared/useApiAction';
import { useApiGet } from '../shared/useApiGet';
import { type MailLocale, type RenderedMail, type TemplateRecord, mailLocales, previewTemplate, resetTemplate, saveTemplate } from './calls';

/**
 * One kind's wording, language by language: the text in use (the admin's or the default), a
 * server-rendered preview with example values, save, and reset to default. The server refuses a
 * placeholder the kind cannot fill, naming the field; the form shows it under that field.
 */
export function TemplateEditor({ kind, onChanged, onClose }: { kind: AutomailKind; onChanged: () => void; onClose: () => void }) {
  const translate = useTranslate();
  const [locale, setLocale] = useState<MailLocale>('en');
  const { data, error, refetch } = useApiGet<{ data: TemplateRecord }>('api/automail/template', { kind, locale });
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [preview, setPreview] = useState<RenderedMail | null>(null);
  const kindName = translate(`automail.kinds.${kind}`);
  // Save, preview and reset share one pending state and one set of field errors: the server
  // checks the same placeholders whichever is asked.
  const calls: Record<'save' | 'preview' | 'reset', () => Promise<unknown>> = {
    save: () => saveTemplate(kind, locale, { subject, body }),
    preview: async () => setPreview((await previewTemplate(kind, locale, { subject, body })).data),
    reset: () => resetTemplate(kind, locale),
  };
  const action = useApiAction((name: keyof typeof calls) => calls[name](), {
    success: (_, name) => ({ save: 'automail.saved', reset: 'automail.reset_done', preview: undefined })[name],
    onSuccess: (_, name) => {
      if (name === 'preview') return;
      refetch();
      onChanged();
    },
  });
  const { isPending: busy, fieldErrors: errors, reset } = action;

  useEffect(() => {
    if (!data || data.data.kind !== kind || data.data.locale !== locale) return;
    setSubject(data.data.subject);
    setBody(data.data.body);
    reset();
    setPreview(null);
  }, [data, kind, locale, reset]);

  const record = data?.data;
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  return (
    <Card variant="outlined" component="section" aria-labelledby="automail-editor-title">
      <CardContent>
        <Typography id="automail-editor-title" variant="h6" component="h2" gutterBottom>
          {translate('automail.editor_title', { kind: kindName })}
        </Typography>
        {error ? (
          <Alert severity="error">{error.message || translate('ra.notification.http_error')}</Alert>
        ) : !record ? (
          <Loading />
        ) : (
          <Stack spacing={2}>
            <TextField select label={translate('automail.language')} value={locale} onChange={(event) => setLocale(event.target.value as MailLocale)} sx={{ maxWidth: 240 }}>
              {mailLocales.map((code) => (
                <MenuItem key={code} value={code} lang={code}>
                  {translate(`app.languages.${code}`)}
                </MenuItem>
              ))}
            </TextField>
            <Typography color="text.secondary">{translate(record.overridden ? 'automail.is_reworded' : 'automail.is_default')}</Typography>
            <TextField
              label={translate('automail.subject')}
              value={subject}
              onChange={(event) => setSubject(event.target.value)}
              error={Boolean(errors.subject)}
              helperText={errors.subject}
              slotProps={{ htmlInput: { dir, lang: locale, maxLength: AUTOMAIL_SUBJECT_MAX } }}
              fullWidth
            />
            <TextField
              label={translate('automail.body')}
              value={body}
              onChange={(event) => setBody(event.target.value)}
              error={Boolean(errors.body)}
              helperText={errors.body ?? translate('automail.body_help', { placeholders: record.placeholders.map((p) => `{${p}}`).join(' ') })}
              slotProps={{ htmlInput: { dir, lang: locale, maxLength: AUTOMAIL_BODY_MAX } }}
              multiline
              minRows={6}
              fullWidth
            />
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <Button variant="contained" disabled={busy} onClick={() => void action.run('save')}>
                {translate('automail.save')}
              </Button>
              <Button disabled={busy} onClick={() => void action.run('preview')}>
                {translate('automail.preview')}
              </Button>
              <Button disabled={busy || !record.overridden} onClick={() => void action.run('reset')}>
                {translate('automail.reset')}
              </Button>
              <Button onClick={onClose}>{translate('automail.close')}</Button>
            </Stack>
            {preview && (
              <Box>
                <Typography variant="subtitle1" component="h3">
                  {translate('automail.preview_title')}
                </Typography>
                <Typography variant="body2" sx={{ my: 1 }}>
                  <strong>{translate('automail.subject')}:</strong> <bdi data-testid="automail-preview-subject">{preview.subject}</bdi>
                </Typography>
                <PreviewFrame html={preview.html} title={translate('automail.preview_title')} />
              </Box>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
