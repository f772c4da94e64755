/** Reps, their clients and client links (the reps issue). */
export const repsEn = {
  resources: {
    reps: {
      name: 'Rep |||| Reps',
      fields: {
        name: 'Name',
        email: 'Email',
        branch_id: 'Branch',
        client_count: 'Clients',
        sales_total: 'Sales',
        q: 'Search',
      },
    },
  },
  reps: {
    view: {
      own_title: 'My clients',
      inactive: 'Inactive',
      back: 'My clients',
      figures: 'Orders in figures',
      orders_on_client_pages: 'Each client’s orders are on its page.',
    },
    clients: {
      title: 'Clients',
      count: '%{smart_count} client |||| %{smart_count} clients',
      search: 'Search clients',
      none: 'No clients yet.',
      none_found: 'No client matches this search.',
      create: 'New client',
      edit: 'Edit client',
      created: 'Client created',
      saved: 'Client saved',
      new_order: 'New order',
      new_order_for: 'New order for %{name}',
      fields: {
        name: 'Name',
        type: 'Type',
        contact_name: 'Contact person',
        membership_status: 'Membership',
        order_count: 'Orders',
        sales_total: 'Sales',
        last_order_at: 'Last order',
      },
    },
    links: {
      open: 'Link clients',
      title: 'Clients of %{name}',
      search: 'Search all clients',
      selected: '%{smart_count} client linked |||| %{smart_count} clients linked',
      save: 'Save links',
      saved: 'Client links saved',
    },
    orders: {
      title: 'Orders of my clients',
      of_client: 'Orders',
      none: 'No orders yet.',
    },
  },
};
