/**
 * DESIGN §7's goals, each read from the bench's figures: `npm run bench` prints them beside the
 * figures and exits non-zero when one is missed. A figure the run did not measure (BENCH_PARTS)
 * has no goal line.
 */
export interface Goal {
  figure: string;
  value: number | boolean;
  goal: string;
  met: boolean;
}

type Figures = Record<string, unknown>;

/** The value at a dotted path, e.g. `dataset.orders_all_25.p99_ms`. */
function at(figures: Figures, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Figures)[key] : undefined), figures);
}

const atMost = (path: string, limit: number, unit: string) => ({ path, goal: `≤ ${limit} ${unit}`, met: (v: number) => v <= limit });
const atLeast = (path: string, limit: number, unit: string) => ({ path, goal: `≥ ${limit} ${unit}`, met: (v: number) => v >= limit });

const goals = [
  atMost('dataset.orders_all_25.p99_ms', 50, 'ms'),
  atLeast('orders_all_vs_hello', 0.2, '× hello-world rps'),
  atMost('dataset.orders_all_25_filtered.p99_ms', 50, 'ms'),
  atMost('dataset.clients_all_filtered.p99_ms', 50, 'ms'),
  atMost('dataset.products_alldisplay_role_prices.p99_ms', 50, 'ms'),
  atMost('dataset.orders_create_20_lines.p99_ms', 100, 'ms'),
  atMost('dataset.size.generate_ms', 60_000, 'ms'),
  atMost('bundle.publicPageLargestKB', 150, 'kB'),
  atMost('login_interactive_ms', 1000, 'ms'),
  atLeast('mailing_10k.mails_per_s', 200, 'mails/s'),
];

/** Requests that failed under load are a missed goal whatever the latency. */
const noFailures = ['dataset.orders_all_25', 'dataset.orders_all_25_filtered', 'dataset.clients_all_filtered', 'dataset.products_alldisplay_role_prices', 'dataset.orders_create_20_lines'];

export function goalsOf(figures: Figures): Goal[] {
  const lines: Goal[] = [];
  for (const { path, goal, met } of goals) {
    const value = at(figures, path);
    if (typeof value === 'number') lines.push({ figure: path, value, goal, met: met(value) });
  }
  for (const path of noFailures) {
    const failures = at(figures, `${path}.failures`);
    if (typeof failures === 'number') lines.push({ figure: `${path}.failures`, value: failures, goal: '0', met: failures === 0 });
  }
  const verified = at(figures, 'dataset.orders_create_verified');
  if (typeof verified === 'string') {
    const [good, all] = verified.split('/').map(Number);
    lines.push({ figure: 'dataset.orders_create_verified', value: good === all && all > 0, goal: 'every acknowledged order in the database with its total', met: good === all && all > 0 });
  }
  return lines;
}
