/**
 * The clients waiting to be added to a mailing list: selecting a list
 * empties the pending client ids; adding an id already pending is ignored. Pure, so the rule is
 * tested without a screen.
 */

export interface PendingClient {
  id: number;
  name: string;
  email?: string | null;
}

export interface PendingClients {
  listId: number | null;
  /** The ids to save, each once, in the order they were picked. */
  clientIds: number[];
  /** What the screen shows for each pending id. */
  clients: PendingClient[];
}

export const noPendingClients: PendingClients = { listId: null, clientIds: [], clients: [] };

export type PendingAction =
  | { type: 'selectList'; listId: number }
  | { type: 'add'; client: PendingClient }
  | { type: 'remove'; clientId: number }
  /** After a save: the list stays selected, nothing is pending any more. */
  | { type: 'saved' };

export function pendingClients(state: PendingClients, action: PendingAction): PendingClients {
  switch (action.type) {
    case 'selectList':
      return { listId: action.listId, clientIds: [], clients: [] };
    case 'add':
      if (state.clientIds.includes(action.client.id)) return state;
      return { ...state, clientIds: [...state.clientIds, action.client.id], clients: [...state.clients, action.client] };
    case 'remove':
      return {
        ...state,
        clientIds: state.clientIds.filter((id) => id !== action.clientId),
        clients: state.clients.filter((client) => client.id !== action.clientId),
      };
    case 'saved':
      return { ...state, clientIds: [], clients: [] };
  }
}

/** The `crm/savemailinglistclients` body that adds the pending clients to the selected list. */
export function addClientsPayload(state: PendingClients): { id: number; client_ids: number[] } {
  if (state.listId === null) throw new Error('No mailing list is selected');
  return { id: state.listId, client_ids: state.clientIds };
}
