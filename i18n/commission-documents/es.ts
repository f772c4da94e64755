import type { CommissionDocumentLabels } from './en';

/** Las palabras del extracto de comisiones de un representante y del correo que lo lleva. */
export const commissionDocumentsEs: CommissionDocumentLabels = {
  title: 'Extracto de comisiones',
  rep: 'Representante',
  month: 'Mes',
  status: 'Estado',
  closed_on: 'Cerrado el %{date}',
  running: 'Mes en curso, sin cerrar',
  summary: 'Resumen',
  target: 'Objetivo (sin IVA)',
  no_target: 'Sin objetivo',
  paid_net: 'Pagado (sin IVA)',
  tier: 'Tasa alcanzada',
  clawbacks: 'Recuperaciones',
  commission: 'Comisión',
  date: 'Fecha',
  client: 'Cliente',
  invoice: 'Factura',
  reference: 'Pago / nota de crédito',
  net: 'Neto',
  rate: 'Tasa',
  payment: 'Pago',
  clawback: 'Recuperación',
  no_lines: 'Ningún pago ni nota de crédito este mes.',
  mail_subject: 'Extracto de comisiones %{month}',
  mail_body: 'Adjuntamos en PDF su extracto de comisiones de %{month}: %{commission} de comisión.',
};
