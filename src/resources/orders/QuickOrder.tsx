import { useState } from 'react';
import { Alert, Box, Button, List, ListItem, Stack, TextField, Typography } from '@mui/material';
import { useIsOffline, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../providers/http';
import type { PickedProduct } from './ProductPicker';
import { parseQuickOrder, type QuickProblem } from './quickOrderText';
import { seenRecords } from './useServerSearch';

/** Codes asked for in one call (the list's largest page). */
const CODES_PER_CALL = 1000;

/** The active products with these codes (exact, any case), at the caller's price, by lower-case code: one call per thousand codes. */
async function productsByCode(codes: string[]): Promise<Map<string, PickedProduct>> {
  const found = new Map<string, PickedProduct>();
  for (let start = 0; start < codes.length; start += CODES_PER_CALL) {
    const wave = codes.slice(start, start + CODES_PER_CALL);
    const answer = await apiGet<{ data: PickedProduct[] }>('api/products/all', { skus: wave.join(','), active: true, page: 1, perPage: wave.length, sort: 'sku', order: 'ASC' });
    for (const product of answer.data) found.set(product.sku.toLowerCase(), product);
  }
  return found;
}

/** Offline: the products this device has seen (the picker's earlier searches), by lower-case code. */
function seenByCode(products: PickedProduct[], codes: string[]): Map<string, PickedProduct> {
  const wanted = new Set(codes);
  return new Map(products.filter((product) => wanted.has(product.sku.toLowerCase())).map((product) => [product.sku.toLowerCase(), product]));
}

/**
 * Quick order: product codes and quantities typed or pasted, one per line. The good
 * lines join the order; each bad one stays in the box with its own message, to be put right.
 */
export function QuickOrder({ onAdd }: { onAdd: (lines: { product: PickedProduct; quantity: number }[]) => void }) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<QuickProblem[]>([]);
  const [checking, setChecking] = useState(false);
  const [added, setAdded] = useState(0);
  const offline = useIsOffline();
  const queryClient = useQueryClient();

  async function add() {
    const parsed = parseQuickOrder(text);
    setChecking(true);
    try {
      const codes = [...new Set(parsed.lines.map((line) => line.code.toLowerCase()))];
      const found = offline ? seenByCode(seenRecords<PickedProduct>(queryClient, 'api/products/all'), codes) : await productsByCode(codes);
      const typed = text.split(/\r?\n/);
      const good = parsed.lines.flatMap((line) => {
        const product = found.get(line.code.toLowerCase());
        return product ? [{ product, quantity: line.quantity }] : [];
      });
      const unknown: QuickProblem[] = parsed.lines
        .filter((line) => !found.has(line.code.toLowerCase()))
        .map((line) => ({ line: line.line, text: typed[line.line - 1] ?? line.code, problem: offline ? 'unseen_code' : 'unknown_code' }));
      const all = [...parsed.problems, ...unknown].sort((a, b) => a.line - b.line);
      if (good.length > 0) onAdd(good);
      setAdded(good.length);
      setProblems(all);
      // What is left to put right, in the order it was typed.
      setText(all.map((problem) => problem.text).join('\n'));
    } finally {
      setChecking(false);
    }
  }

  return (
    <Stack spacing={1} component="section" aria-labelledby="quick-order-title">
      <Typography variant="subtitle1" component="h3" id="quick-order-title">
        {translate('orders.quick.title')}
      </Typography>
      <TextField
        label={translate('orders.quick.label')}
        helperText={translate('orders.quick.help')}
        name="quick_order"
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: 20_000, spellCheck: false } }}
      />
      <Box>
        <Button variant="outlined" onClick={() => void add()} disabled={checking || !text.trim()}>
          {translate(checking ? 'orders.quick.checking' : 'orders.quick.add')}
        </Button>
      </Box>
      {added > 0 && (
        <Alert severity="success" role="status">
          {translate('orders.quick.added', { smart_count: added })}
        </Alert>
      )}
      {problems.length > 0 && (
        <Alert severity="error" data-testid="quick-order-problems">
          {translate('orders.quick.problems', { smart_count: problems.length })}
          <List dense disablePadding>
            {problems.map((problem) => (
              <ListItem key={problem.line} disableGutters>
                {translate(`orders.quick.${problem.problem}`, { line: problem.line, text: problem.text.trim() })}
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
