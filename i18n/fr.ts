import type { TranslationMessages } from 'ra-core';
import { mergeMessages } from './merge';
import { crmFr } from './crm/fr';
import { dashboardFr } from './dashboard/fr';
import { membersFr } from './members/fr';
import { membershipFr } from './membership/fr';
import { ordersFr } from './orders/fr';
import { productsFr } from './products/fr';
import { repsFr } from './reps/fr';
import { mailingFr } from './mailing/fr';
import { auditFr } from './audit/fr';
import { billingFr } from './billing/fr';
import { securityFr } from './security/fr';
import { offlineFr } from './offline/fr';
import { webhooksFr } from './webhooks/fr';
import { reportsFr } from './reports/fr';
import { bankingFr } from './banking/fr';
import { commissionsFr } from './commissions/fr';
import { stockFr } from './stock/fr';
import { courierFr } from './courier/fr';
import { deliveriesFr } from './deliveries/fr';
import { privacyFr } from './privacy/fr';
import { consentFr } from './consent/fr';
import { engagementFr } from './engagement/fr';
import { automailFr } from './automail/fr';
import { liveFr } from './live/fr';
import frenchMessages from 'ra-language-french';
import { appFr } from './app.fr';

const { ra } = frenchMessages;

/**
 * French: ra-language-french 5.15.3 has every key of ra-language-english 5.15.4. A few of its
 * messages leave out a placeholder the English one has (so the resource name never showed); those
 * are completed here, with three small fixes (« À propos », a typo, a missing accent).
 * tests/unit/i18n.test.ts keeps the set whole when either pack moves.
 */
const fr = {
  ra: {
    ...ra,
    message: {
      ...ra.message,
      about: 'À propos',
      bulk_delete_content:
        'Êtes-vous sûr(e) de vouloir supprimer cet élément (%{name}) ? |||| Êtes-vous sûr(e) de vouloir supprimer ces %{smart_count} éléments ?',
      bulk_update_content:
        'Êtes-vous sûr(e) de vouloir modifier %{name} %{recordRepresentation} ? |||| Êtes-vous sûr(e) de vouloir modifier ces %{smart_count} éléments ?',
      delete_content: 'Êtes-vous sûr(e) de vouloir supprimer cet élément (%{name}) ?',
    },
    navigation: {
      ...ra.navigation,
      no_filtered_results: 'Aucun résultat pour %{name} avec les filtres actuels.',
      no_results: 'Aucun résultat pour %{name}',
    },
    saved_queries: {
      ...ra.saved_queries,
      remove_label_with_name: 'Retirer "%{name}" de mes requêtes',
      remove_message:
        'Êtes-vous sûr(e) de vouloir supprimer cette requête de votre liste de requêtes ?',
    },
  },
  app: appFr,
} satisfies TranslationMessages;

/** Each domain's messages, `i18n/<domain>/fr.ts`. */
export default mergeMessages(fr, [crmFr, dashboardFr, membersFr, membershipFr, ordersFr, productsFr, repsFr, mailingFr, auditFr, billingFr, securityFr, offlineFr, webhooksFr, liveFr, privacyFr, consentFr, engagementFr, automailFr, reportsFr, bankingFr, commissionsFr, stockFr, courierFr, deliveriesFr]);
