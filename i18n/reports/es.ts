import type { reportsEn } from './en';

/** La pantalla de análisis de ventas. */
export const reportsEs: typeof reportsEn = {
  app: {
    menu: { sales_analytics: 'Análisis de ventas' },
    pages: { sales_analytics: 'Análisis de ventas' },
  },
  reports: {
    period_from: 'Desde',
    period_to: 'Hasta',
    backwards: 'El período debe terminar en su primer día o después',
    compare: 'Comparar con',
    compare_none: 'Nada',
    compare_previous: 'El período anterior',
    compare_last_year: 'El mismo período del año pasado',
    group_by: 'Agrupar por',
    groupings: {
      month: 'Mes',
      week: 'Semana',
      product: 'Producto',
      product_group: 'Grupo de productos',
      client: 'Cliente',
      client_type: 'Tipo de cliente',
      rep: 'Representante',
      branch: 'Sucursal',
    },
    by_grouping: 'Ventas por %{grouping} (sin IVA)',
    top_products: 'Productos principales (sin IVA)',
    top_clients: 'Clientes principales (sin IVA)',
    this_period: 'Este período',
    compare_period: 'Período de comparación',
    totals: 'Total',
    others: 'Otros',
    none: 'Ninguno',
    no_sales: 'No hay ventas en este período.',
    export_csv: 'Exportar CSV',
    columns: {
      label: 'Nombre',
      quantity: 'Cantidad',
      net: 'Neto',
      vat: 'IVA',
      total: 'Total',
      documents: 'Documentos',
      compare_net: 'Neto, comparación',
    },
    client_types: { stockist: 'Distribuidor', individual: 'Particular', admin: 'Empresa' },
  },
};
