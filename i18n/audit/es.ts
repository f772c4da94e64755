import type { auditEn } from './en';

/** El registro de auditoría. */
export const auditEs: typeof auditEn = {
  app: {
    menu: { audit_log: 'Registro de auditoría' },
    pages: { audit_log: 'Registro de auditoría' },
  },
  resources: {
    'audit-log': {
      name: 'Entrada de auditoría |||| Entradas de auditoría',
      fields: {
        at: 'Cuándo',
        user_name: 'Quién',
        user: 'Usuario (nombre o correo)',
        action: 'Acción',
        entity: 'Registro',
        changes: 'Campos cambiados',
        date_from: 'Desde',
        date_to: 'Hasta',
      },
    },
  },
  audit: {
    empty: 'Todavía no se ha cambiado nada: cada cambio hecho en el portal aparecerá aquí, con quién lo hizo y cuándo.',
    none: 'Ninguna entrada coincide con estos filtros.',
    public: 'Público (sin sesión)',
    no_changes: 'No cambió ningún valor.',
    changes_of: 'Cambios de la entrada %{id}',
    field: 'Campo',
    before: 'Antes',
    after: 'Después',
    entities: {
      client: 'Miembro',
      user: 'Usuario',
      order: 'Pedido',
      product: 'Producto',
      product_group: 'Grupo de productos',
      price_rule: 'Regla de precio',
      property: 'Propiedad',
      lead: 'Cliente potencial',
      membership_question: 'Pregunta de membresía',
      email_template: 'Plantilla de correo',
      mailing_list: 'Lista de correo',
      mailing_send: 'Envío de lista',
      job: 'Correo en cola',
      banner: 'Banner',
      branch: 'Sucursal',
      rep: 'Representante',
      webhook_endpoint: 'Punto de recepción de webhook',
      mailing_settings: 'Ajustes de envíos',
    },
  },
};
