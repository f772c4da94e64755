/**
 * A send's report (GET api/crm/sendreport), as the server answers it and the report page reads it.
 * `unique_*` are null when nothing is recorded per member (the company setting is off, or was when
 * the mail was opened): then only the hits are known.
 */
export interface SendReport {
  id: number;
  subject: string;
  mailing_list_name: string;
  template_name: string;
  status: string;
  started_at: string | null;
  /** Accepted by the mail server, less the addresses that bounced since. */
  delivered: number;
  bounced: number;
  opened: number;
  unique_opened: number | null;
  clicked: number;
  unique_clicked: number | null;
  unsubscribed: number;
  tied_to_members: boolean;
  /** Opens and clicks per hour (start of the hour, ISO), oldest first, hours without any left out. */
  hours: { hour: string; opens: number; clicks: number }[];
  /** Every tracked link of the send in the order of the mail, with its clicks. */
  links: { idx: number; url: string; clicks: number; unique_clicks: number | null }[];
}

/** Every hour from the first to the last of `hours`, the empty ones at zero: a chart's bars stand for equal stretches of time. */
export function hourlySeries(hours: SendReport['hours']): SendReport['hours'] {
  if (hours.length === 0) return [];
  const HOUR = 3_600_000;
  const byTime = new Map(hours.map((h) => [new Date(h.hour).getTime(), h]));
  const first = Math.min(...byTime.keys());
  const last = Math.max(...byTime.keys());
  // A send read months later would otherwise draw thousands of bars: the first week is what matters.
  const end = Math.min(last, first + 7 * 24 * HOUR);
  const series: SendReport['hours'] = [];
  for (let t = first; t <= end; t += HOUR) series.push(byTime.get(t) ?? { hour: new Date(t).toISOString(), opens: 0, clicks: 0 });
  return series;
}
