import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Box, Button, ButtonGroup, CircularProgress, List, ListItem, ListItemText, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { apiGet } from '../../providers/http';
import { formatDateTime } from '../../i18n/format';
import { pageButtons, pageCount } from './pageButtons';
import { useApiAction } from '../shared/useApiAction';
import { useLiveRefresh } from '../shared/useLiveRefresh';

/** The comment list pages by 10, with 5 page buttons. */
export const COMMENTS_PER_PAGE = 10;
const PAGE_GROUP = 5;

export interface OrderComment {
  id: number;
  order_id: number;
  text: string;
  author: string;
  created_at: string;
}

/**
 * The comments of an order, newest first, and a box to add one. Empty text is never sent
 * (nor whitespace alone); the server refuses it too.
 */
export function CommentWidget({ orderId }: { orderId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<{ data: OrderComment[]; total: number } | null>(null);
  const [text, setText] = useState('');

  const load = useCallback(
    (signal?: AbortSignal) =>
      apiGet<{ data: OrderComment[]; total: number }>('api/orders/comments', { order_id: orderId, page, perPage: COMMENTS_PER_PAGE }, signal)
        .then(setAnswer)
        .catch((error: Error) => {
          if (error.name !== 'AbortError') notify('orders.comments.load_failed', { type: 'error' });
        }),
    [orderId, page, notify],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);
  // Comments others add appear as they are saved.
  useLiveRefresh('orders', orderId, () => void load());

  const add = useApiAction('api/orders/comment', {
    failureMessage: () => 'orders.comments.save_failed',
    onSuccess: async () => {
      setText('');
      if (page === 1) await load();
      else setPage(1);
    },
  });
  const saving = add.isPending;

  function save(event: FormEvent) {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || saving) return;
    void add.run({ order_id: orderId, text: trimmed });
  }

  const pages = answer ? pageCount(answer.total, COMMENTS_PER_PAGE) : 1;
  return (
    <Box component="section" aria-labelledby={`comments-${orderId}`}>
      <Typography variant="h6" id={`comments-${orderId}`}>
        {translate('orders.comments.title')}
      </Typography>
      <Box component="form" onSubmit={save} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', my: 1 }}>
        <TextField
          name="comment"
          label={translate('orders.comments.new')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds a line; Ctrl/⌘+Enter sends, as in most comment boxes.
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) save(event);
          }}
          multiline
          minRows={2}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 4000 } }}
        />
        <Button type="submit" variant="contained" disabled={!text.trim() || saving}>
          {translate('orders.comments.add')}
        </Button>
      </Box>
      {answer === null ? (
        <CircularProgress size={24} aria-label={translate('app.loading')} />
      ) : answer.data.length === 0 ? (
        <Typography color="text.secondary">{translate('orders.comments.empty')}</Typography>
      ) : (
        <List dense>
          {answer.data.map((comment) => (
            <ListItem key={comment.id} divider>
              <ListItemText
                primary={comment.text}
                secondary={`${comment.author} · ${formatDateTime(comment.created_at)}`}
                slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {pages > 1 && (
        <ButtonGroup size="small" aria-label={translate('orders.comments.pages')}>
          {pageButtons(page, pages, PAGE_GROUP).map((number) => (
            <Button
              key={number}
              variant={number === page ? 'contained' : 'outlined'}
              aria-current={number === page ? 'page' : undefined}
              onClick={() => setPage(number)}
            >
              {number}
            </Button>
          ))}
        </ButtonGroup>
      )}
    </Box>
  );
}
