import type { CommissionDocumentLabels } from './en';

/** Les mots du relevé de commissions d'un représentant et du courriel qui le porte. */
export const commissionDocumentsFr: CommissionDocumentLabels = {
  title: 'Relevé de commissions',
  rep: 'Représentant',
  month: 'Mois',
  status: 'État',
  closed_on: 'Clôturé le %{date}',
  running: 'Mois en cours, non clôturé',
  summary: 'Résumé',
  target: 'Objectif (HT)',
  no_target: "Pas d'objectif",
  paid_net: 'Payé (HT)',
  tier: 'Taux atteint',
  clawbacks: 'Reprises',
  commission: 'Commission',
  date: 'Date',
  client: 'Client',
  invoice: 'Facture',
  reference: 'Paiement / avoir',
  net: 'HT',
  rate: 'Taux',
  payment: 'Paiement',
  clawback: 'Reprise',
  no_lines: 'Aucun paiement ni avoir ce mois-ci.',
  mail_subject: 'Relevé de commissions %{month}',
  mail_body: 'Votre relevé de commissions de %{month} est joint en PDF : %{commission} de commission.',
};
