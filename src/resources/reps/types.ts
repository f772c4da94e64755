import type { ClientDetails } from '../members/ClientSections';

/** reps/rep's answer (server/modules/reps/schemas.ts). */
export interface Rep {
  id: number;
  name: string;
  email: string;
  active: boolean;
  branch_id: number | null;
  client_ids: number[];
}

export type RepClientRow = Pick<ClientDetails, 'id' | 'type' | 'name' | 'contact_name' | 'email' | 'phone' | 'branch_id' | 'membership_status'> & {
  order_count: number;
  sales_total: number;
  last_order_at: string | null;
};

export interface LinkableClient {
  id: number;
  type: string;
  name: string;
  contact_name: string;
  email: string;
  branch_id: number | null;
  linked: boolean;
}

export interface Page<T> {
  data: T[];
  total: number;
}

export interface RepAnswer {
  data: { rep: Rep; rep_clients: Page<RepClientRow>; all_clients?: Page<LinkableClient> };
}

/** reps/client's answer: the client as its rep sees it. */
export type RepClient = Omit<ClientDetails, 'orders' | 'order_counts'> & {
  order_count: number;
  sales_total: number;
  last_order_at: string | null;
  reps: { id: number; name: string }[];
};
