import { useState } from 'react';
import { Alert, Box, Button, List, ListItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { apiGet } from '../../providers/http';
import type { PickedProduct } from './ProductPicker';
import { parseQuickOrder, type QuickProblem } from './quickOrderText';

/** Codes looked up at once; a pasted list of hundreds goes in waves. */
const LOOKUPS_AT_ONCE = 8;

/** The active product with exactly this code (any case), at the caller's price, or null. */
async function productByCode(code: string): Promise<PickedProduct | null> {
  const answer = await apiGet<{ data: PickedProduct[] }>('api/products/all', { q: code, active: true, page: 1, perPage: 25, sort: 'sku', order: 'ASC' });
  return answer.data.find((product) => product.sku.toLowerCase() === code.toLowerCase()) ?? null;
}

/**
 * Quick order (issue 23): product codes and quantities typed or pasted, one per line. The good
 * lines join the order; each bad one stays in the box with its own message, to be put right.
 */
export function QuickOrder({ onAdd }: { onAdd: (lines: { product: PickedProduct; quantity: number }[]) => void }) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<QuickProblem[]>([]);
  const [checking, setChecking] = useState(false);
  const [added, setAdded] = useState<number | null>(null);

  async function add() {
    const parsed = parseQuickOrder(text);
    setChecking(true);
    try {
      const codes = [...new Set(parsed.lines.map((line) => line.code.toLowerCase()))];
      const found = new Map<string, PickedProduct | null>();
      for (let start = 0; start < codes.length; start += LOOKUPS_AT_ONCE) {
        const wave = codes.slice(start, start + LOOKUPS_AT_ONCE);
        const products = await Promise.all(wave.map(productByCode));
        wave.forEach((code, i) => found.set(code, products[i] ?? null));
      }
      const good = parsed.lines.flatMap((line) => {
        const product = found.get(line.code.toLowerCase());
        return product ? [{ line: line.line, product, quantity: line.quantity }] : [];
      });
      const unknown: QuickProblem[] = parsed.lines
        .filter((line) => !found.get(line.code.toLowerCase()))
        .map((line) => ({ line: line.line, text: text.split(/\r?\n/)[line.line - 1] ?? line.code, problem: 'unknown_code' }));
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
      {added !== null && added > 0 && (
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
