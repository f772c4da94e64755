import type { TranslationMessages } from 'ra-core';
import { mergeMessages } from './merge';
import { crmEs } from './crm/es';
import { dashboardEs } from './dashboard/es';
import { membersEs } from './members/es';
import { membershipEs } from './membership/es';
import { ordersEs } from './orders/es';
import { productsEs } from './products/es';
import { repsEs } from './reps/es';
import { mailingEs } from './mailing/es';
import { auditEs } from './audit/es';
import { billingEs } from './billing/es';
import { securityEs } from './security/es';
import { offlineEs } from './offline/es';
import { webhooksEs } from './webhooks/es';
import { reportsEs } from './reports/es';
import { bankingEs } from './banking/es';
import { commissionsEs } from './commissions/es';
import { stockEs } from './stock/es';
import { courierEs } from './courier/es';
import { deliveriesEs } from './deliveries/es';
import { privacyEs } from './privacy/es';
import { consentEs } from './consent/es';
import { engagementEs } from './engagement/es';
import { automailEs } from './automail/es';
import { liveEs } from './live/es';
import englishMessages from 'ra-language-english';
import spanishMessages from 'ra-language-spanish';
import { appEs } from './app.es';

interface Messages {
  [key: string]: string | Messages;
}

/**
 * Our Spanish for react-admin 5. ra-language-spanish 1.0.0 dates from react-admin 1: it has 71 of
 * the 164 messages of ra-language-english 5.15.4. Below are the 93 it lacks, plus corrections of
 * the ones it gets wrong: placeholders of react-admin 1 (`#%{id}` instead of
 * `%{recordRepresentation}`, no `%{name}`), a missing plural form, text left in English, typos
 * ("or", "Deber", "De ser", "number") and missing accents or opening marks ("Estas seguro?").
 * The user is addressed as «usted», as in the app's messages.
 */
const ours: Messages = {
  action: {
    bulk_actions: '1 elemento seleccionado |||| %{smart_count} elementos seleccionados',
    clear_array_input: 'Vaciar la lista',
    clear_input_value: 'Borrar el valor',
    clone: 'Duplicar',
    confirm: 'Confirmar',
    create_item: 'Crear %{item}',
    export: 'Exportar',
    remove: 'Quitar',
    remove_filter: 'Quitar este filtro',
    remove_all_filters: 'Quitar todos los filtros',
    reset: 'Restablecer',
    search: 'Buscar',
    search_columns: 'Buscar columnas',
    select_all: 'Seleccionar todo',
    select_all_button: 'Seleccionar todo',
    select_row: 'Seleccionar esta fila',
    unselect: 'Deseleccionar',
    expand: 'Expandir',
    close: 'Cerrar',
    open_menu: 'Abrir el menú',
    close_menu: 'Cerrar el menú',
    update: 'Actualizar',
    move_up: 'Subir',
    move_down: 'Bajar',
    open: 'Abrir',
    toggle_theme: 'Cambiar entre modo claro y oscuro',
    select_columns: 'Columnas',
    update_application: 'Recargar la aplicación',
  },
  boolean: {
    true: 'Sí',
    null: ' ',
  },
  page: {
    dashboard: 'Panel de control',
    edit: '%{name} %{recordRepresentation}',
    error: 'Algo salió mal',
    list: '%{name}',
    show: '%{name} %{recordRepresentation}',
    empty: 'Todavía no hay %{name}.',
    invite: '¿Desea añadir uno?',
    access_denied: 'Acceso denegado',
    authentication_error: 'Error de autenticación',
  },
  input: {
    file: {
      upload_several: 'Arrastre aquí los archivos que desea subir o haga clic para seleccionar uno.',
      upload_single: 'Arrastre aquí el archivo que desea subir o haga clic para seleccionarlo.',
    },
    image: {
      upload_several: 'Arrastre aquí las imágenes que desea subir o haga clic para seleccionar una.',
      upload_single: 'Arrastre aquí la imagen que desea subir o haga clic para seleccionarla.',
    },
    references: {
      all_missing: 'No se encontraron los datos de referencia.',
    },
    password: {
      toggle_visible: 'Ocultar la contraseña',
      toggle_hidden: 'Mostrar la contraseña',
    },
  },
  message: {
    access_denied: 'No tiene los permisos necesarios para acceder a esta página',
    are_you_sure: '¿Está seguro?',
    authentication_error:
      'El servidor de autenticación devolvió un error y no se pudieron verificar sus credenciales.',
    auth_error: 'Se produjo un error al validar el token de autenticación.',
    bulk_delete_content:
      '¿Está seguro de que desea borrar este elemento (%{name})? |||| ¿Está seguro de que desea borrar estos %{smart_count} elementos?',
    bulk_delete_title: 'Borrar %{name} |||| Borrar %{smart_count} %{name}',
    bulk_update_content:
      '¿Está seguro de que desea actualizar %{name} %{recordRepresentation}? |||| ¿Está seguro de que desea actualizar estos %{smart_count} elementos?',
    bulk_update_title: 'Actualizar %{name} %{recordRepresentation} |||| Actualizar %{smart_count} %{name}',
    clear_array_input: '¿Está seguro de que desea vaciar toda la lista?',
    delete_content: '¿Está seguro de que desea borrar este elemento (%{name})?',
    delete_title: 'Borrar %{name} %{recordRepresentation}',
    details: 'Detalles',
    error: 'Se produjo un error en el navegador y no se pudo completar su solicitud.',
    invalid_form: 'El formulario no es válido. Revise los errores',
    loading: 'Espere un momento, por favor',
    not_found: 'La URL que ha escrito es incorrecta o el enlace que ha seguido no es válido.',
    select_all_limit_reached:
      'Hay demasiados elementos para seleccionarlos todos. Solo se han seleccionado los primeros %{max}.',
    unsaved_changes: 'Algunos de sus cambios no se han guardado. ¿Está seguro de que desea descartarlos?',
    yes: 'Sí',
    placeholder_data_warning: 'Problema de red: no se pudieron actualizar los datos.',
  },
  navigation: {
    clear_filters: 'Borrar los filtros',
    no_filtered_results: 'No se encontraron %{name} con los filtros actuales.',
    no_results: 'No se encontraron %{name}',
    no_more_results: 'La página número %{page} está fuera de los límites. Pruebe con la página anterior.',
    page_out_of_boundaries: 'La página número %{page} está fuera de los límites',
    page_out_from_end: 'No se puede ir más allá de la última página',
    page_out_from_begin: 'No se puede ir antes de la página 1',
    partial_page_range_info: '%{offsetBegin}-%{offsetEnd} de más de %{offsetEnd}',
    current_page: 'Página %{page}',
    page: 'Ir a la página %{page}',
    first: 'Ir a la primera página',
    last: 'Ir a la última página',
    next: 'Ir a la página siguiente',
    previous: 'Ir a la página anterior',
    page_rows_per_page: 'Filas por página:',
    skip_nav: 'Saltar al contenido',
  },
  sort: {
    sort_by: 'Ordenar por %{field_lower_first} en orden %{order}',
    ASC: 'ascendente',
    DESC: 'descendente',
  },
  auth: {
    auth_check_error: 'Inicie sesión para continuar',
    user_menu: 'Perfil',
    email: 'Correo electrónico',
    sign_in: 'Iniciar sesión',
    sign_in_error: 'Error de autenticación. Inténtelo de nuevo',
    logout: 'Cerrar sesión',
  },
  notification: {
    http_error: 'Error de comunicación con el servidor',
    data_provider_error: 'Error del dataProvider. Consulte la consola para más detalles.',
    i18n_error: 'No se pudieron cargar las traducciones del idioma seleccionado',
    canceled: 'Acción cancelada',
    logged_out: 'Su sesión ha finalizado. Vuelva a iniciar sesión.',
    not_authorized: 'No está autorizado para acceder a este recurso.',
    application_update_available: 'Hay una nueva versión disponible.',
    offline: 'Sin conexión. No se pudieron obtener los datos.',
  },
  validation: {
    required: 'Obligatorio',
    maxLength: 'Debe tener %{max} caracteres o menos',
    minValue: 'Debe ser al menos %{min}',
    number: 'Debe ser un número',
    email: 'Debe ser un correo electrónico válido',
    regex: 'Debe seguir un formato específico (regexp): %{pattern}',
    unique: 'Debe ser único',
  },
  saved_queries: {
    label: 'Consultas guardadas',
    query_name: 'Nombre de la consulta',
    new_label: 'Guardar la consulta actual...',
    new_dialog_title: 'Guardar la consulta actual como',
    remove_label: 'Eliminar la consulta guardada',
    remove_label_with_name: 'Eliminar la consulta "%{name}"',
    remove_dialog_title: '¿Eliminar la consulta guardada?',
    remove_message: '¿Está seguro de que desea eliminar este elemento de su lista de consultas guardadas?',
    help: 'Filtre la lista y guarde esta consulta para más adelante',
  },
  guesser: {
    empty: {
      title: 'No hay datos para mostrar',
      message: 'Compruebe su proveedor de datos',
    },
  },
  configurable: {
    customize: 'Personalizar',
    configureMode: 'Configurar esta página',
    inspector: {
      title: 'Inspector',
      content: 'Pase el cursor sobre los elementos de la interfaz para configurarlos',
      reset: 'Restablecer la configuración',
      hideAll: 'Ocultar todo',
      showAll: 'Mostrar todo',
    },
    Datagrid: {
      title: 'Tabla de datos',
      unlabeled: 'Columna sin etiqueta n.º %{column}',
    },
    SimpleForm: {
      title: 'Formulario',
      unlabeled: 'Campo sin etiqueta n.º %{input}',
    },
    SimpleList: {
      title: 'Lista',
      primaryText: 'Texto principal',
      secondaryText: 'Texto secundario',
      tertiaryText: 'Texto terciario',
    },
  },
};

const isMessages = (value: unknown): value is Messages => typeof value === 'object' && value !== null;

/**
 * Deep merge of `override` onto `base`, walking the keys of `shape` (react-admin 5's English
 * messages): the pack's keys that react-admin 5 no longer has (`navigation.prev`) are left out, and
 * a key found in neither object stays missing, for tests/unit/i18n.test.ts to report.
 */
function mergeOnShape(shape: Messages, base: unknown, override: unknown): Messages {
  const merged: Messages = {};
  for (const [key, reference] of Object.entries(shape)) {
    const from = isMessages(base) ? base[key] : undefined;
    const ours = isMessages(override) ? override[key] : undefined;
    if (isMessages(reference)) {
      merged[key] = mergeOnShape(reference, from, ours);
    } else if (typeof ours === 'string' || typeof from === 'string') {
      merged[key] = typeof ours === 'string' ? ours : (from as string);
    }
  }
  return merged;
}

const es = {
  ra: mergeOnShape(englishMessages.ra as Messages, spanishMessages.ra, ours) as TranslationMessages['ra'],
  app: appEs,
} satisfies TranslationMessages;

/** Each domain's messages, `i18n/<domain>/es.ts`. */
export default mergeMessages(es, [crmEs, dashboardEs, membersEs, membershipEs, ordersEs, productsEs, repsEs, mailingEs, auditEs, billingEs, securityEs, offlineEs, webhooksEs, liveEs, privacyEs, consentEs, engagementEs, automailEs, reportsEs, bankingEs, commissionsEs, stockEs, courierEs, deliveriesEs]);
