/**
 * A list screen's address with its filter set: react-admin reads `filter` (JSON) from the query
 * string, so a link can open a list already narrowed (a chart bar's invoices, the overdue debtors,
 * the orders at one step, the follow-ups due).
 */
export const filteredListPath = (path: string, filter: object): string => `${path}?${new URLSearchParams({ filter: JSON.stringify(filter) })}`;
