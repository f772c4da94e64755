import type { repsEn } from './en';

export const repsEs: typeof repsEn = {
  resources: {
    reps: {
      name: 'Representante |||| Representantes',
      fields: {
        name: 'Nombre',
        email: 'Correo electrónico',
        branch_id: 'Sucursal',
        client_count: 'Clientes',
        sales_total: 'Ventas',
        q: 'Buscar',
      },
    },
  },
  reps: {
    view: {
      own_title: 'Mis clientes',
      inactive: 'Inactivo',
      back: 'Mis clientes',
      figures: 'Pedidos en cifras',
      orders_on_client_pages: 'Los pedidos de cada cliente están en su página.',
    },
    clients: {
      title: 'Clientes',
      count: '%{smart_count} cliente |||| %{smart_count} clientes',
      search: 'Buscar clientes',
      none: 'Todavía no hay clientes.',
      none_found: 'Ningún cliente coincide con esta búsqueda.',
      create: 'Nuevo cliente',
      edit: 'Editar cliente',
      created: 'Cliente creado',
      saved: 'Cliente guardado',
      new_order: 'Nuevo pedido',
      new_order_for: 'Nuevo pedido para %{name}',
      fields: {
        name: 'Nombre',
        type: 'Tipo',
        contact_name: 'Persona de contacto',
        membership_status: 'Membresía',
        order_count: 'Pedidos',
        sales_total: 'Ventas',
        last_order_at: 'Último pedido',
      },
    },
    links: {
      open: 'Vincular clientes',
      title: 'Clientes de %{name}',
      search: 'Buscar entre todos los clientes',
      selected: '%{smart_count} cliente vinculado |||| %{smart_count} clientes vinculados',
      save: 'Guardar vínculos',
      saved: 'Vínculos de clientes guardados',
    },
    orders: {
      title: 'Pedidos de mis clientes',
      of_client: 'Pedidos',
      none: 'Todavía no hay pedidos.',
    },
  },
};
