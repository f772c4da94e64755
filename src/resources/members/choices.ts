import { useCore } from '../../providers/useCore';

/** The client types and membership states the API knows, labelled through `members.*` messages. */
export const clientTypes = ['stockist', 'individual', 'admin'] as const;
export const membershipStatuses = ['requested', 'approved', 'pending_payment', 'active', 'expired'] as const;

export const typeChoices = clientTypes.map((id) => ({ id, name: `members.types.${id}` }));
export const statusChoices = membershipStatuses.map((id) => ({ id, name: `members.statuses.${id}` }));

/** The branches from core data, as choices for inputs and filters. */
export function useBranchChoices(): { id: number; name: string }[] {
  const core = useCore();
  return (core?.branch_config ?? []).map((branch) => ({ id: branch.id, name: branch.name }));
}

/**
 * A date-only input shows `YYYY-MM-DD`; the API takes a full ISO timestamp: the end of that day
 * where the business is (South Africa, UTC+2 all year, as the server's business days). The end of
 * the day in UTC was 01:59 the next morning there, so an expiry typed as 31 July showed as 1 August.
 */
export const dateToTimestamp = (value: string | null | undefined): string | null =>
  value ? new Date(`${value.slice(0, 10)}T23:59:59.999+02:00`).toISOString() : null;
