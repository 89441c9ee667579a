import { CONTACT_EMAIL, paths } from '../../../config/paths';
import { SITE_EN } from '../../../features/site/content';
import { DocumentSections, SiteDocument } from '../../../features/site/components/site-document';
import { DEFAULT_DINER_RETENTION_MONTHS, retentionPeriodText } from '../../../../shared/rules/retention';

/** The retention period of the diners' data: the server's default (DINER_RETENTION_MONTHS, decision 045). */
const DINER_RETENTION = retentionPeriodText(DEFAULT_DINER_RETENTION_MONTHS);
const DINER_RETENTION_EN = retentionPeriodText(DEFAULT_DINER_RETENTION_MONTHS, 'en');

const SECTIONS = [
  {
    title: 'Qui traite vos données',
    text: 'Pour les avis et la fidélité, le restaurant que vous notez est responsable de traitement et ReFeed agit pour son compte. Pour les comptes des restaurateurs, ReFeed est responsable de traitement.',
  },
  {
    title: 'Données des clients des restaurants',
    text: 'Votre note et votre commentaire, et si vous les donnez : prénom, nom, email, téléphone, votre consentement aux offres, vos visites, vos points et vos récompenses. Un cookie technique retient vos points sur votre téléphone.',
  },
  {
    title: 'Données des restaurateurs',
    text: 'Identité et coordonnées du compte, informations du restaurant (raison sociale, SIREN, adresse), historique de validation, journaux de connexion et de sécurité.',
  },
  {
    title: 'Pourquoi',
    text: 'Recueillir et afficher les avis au restaurant, tenir le programme de fidélité, envoyer les emails de remerciement et, seulement avec votre accord, les offres et relances ; sécuriser le service.',
  },
  {
    title: 'Combien de temps',
    text: `Les données d’un client sont conservées ${DINER_RETENTION} après sa dernière activité (une visite, ou un clic sur « Je reste membre »). Un mois avant la fin de ce délai, les clients qui ont accepté les emails du restaurant reçoivent un dernier email « Souhaitez-vous rester membre ? ». Sans réponse, leurs données sont anonymisées : identité, coordonnées et commentaires sont supprimés, seuls des compteurs sans lien avec une personne restent pour les statistiques du restaurant. Les comptes restaurateurs sont conservés pendant le contrat puis 3 ans ; les journaux de sécurité 1 an.`,
  },
  { title: 'Où', text: 'Les données sont hébergées dans l’Union européenne.' },
  {
    title: 'Vos droits',
    text: `Depuis la page du restaurant, « Mes données » vous montre ce que le restaurant détient sur vous, vous permet de le télécharger, de gérer votre consentement, de vous désinscrire et d’effacer vos données (avec une confirmation par email si une adresse est enregistrée). Vous pouvez aussi demander une copie de vos données, leur rectification ou leur effacement, et retirer votre consentement à tout moment (chaque email d’offre contient un lien de désinscription en un clic). Écrivez à ${CONTACT_EMAIL} ou au restaurant ; nous répondons sous un mois. Vous pouvez aussi saisir la CNIL.`,
  },
];

/**
 * The English privacy notice (issue #53): the same processing as the French page, under the UK GDPR and the
 * Data Protection Act 2018, with marketing emails under PECR (opt-in consent, one-click unsubscribe).
 */
const SECTIONS_EN = [
  {
    title: 'Who processes your data',
    text: 'For feedback and loyalty, the restaurant you rate is the controller and ReFeed processes your data on its behalf. For restaurant accounts, ReFeed is the controller.',
  },
  {
    title: 'Guests’ data',
    text: 'Your rating and comment and, if you give them: first name, last name, email, phone, your consent to offers, your visits, your points and your rewards. A technical cookie keeps your points on your phone.',
  },
  {
    title: 'Restaurant owners’ data',
    text: 'The account holder’s identity and contact details, the restaurant’s details (legal name, company number or trading name, address), the account review history, sign-in and security logs.',
  },
  {
    title: 'Why',
    text: 'To collect feedback and show it to the restaurant, run the loyalty programme, send thank-you emails and, only with your consent, offers and reminders; to keep the service secure. Our lawful bases under the UK GDPR: the contract with the restaurant, the restaurant’s legitimate interest in hearing from its guests, and your consent for marketing emails.',
  },
  {
    title: 'Marketing emails (PECR)',
    text: 'The restaurant sends you offers only if you ticked the consent box; every offer email has a one-click unsubscribe link, and unsubscribing takes effect at once.',
  },
  {
    title: 'How long',
    text: `A guest’s data is kept for ${DINER_RETENTION_EN} after their last activity (a visit, or a click on “I’ll stay a member”). One month before that period ends, guests who accepted the restaurant’s emails receive a last email asking whether they want to stay a member. Without an answer, their data is anonymised: identity, contact details and comments are deleted; only counts that cannot be linked to a person remain for the restaurant’s statistics. Restaurant accounts are kept for the length of the contract and then 3 years; security logs for 1 year.`,
  },
  { title: 'Where', text: 'The data is hosted in the European Union, which the UK recognises as giving an adequate level of protection.' },
  {
    title: 'Your rights',
    text: `From the restaurant’s page, “My data” shows you what the restaurant holds about you and lets you download it, manage your consent, unsubscribe and erase your data (with an email confirmation if an address is on file). You can also ask for a copy of your data, its correction or its erasure, and withdraw your consent at any time (every offer email has a one-click unsubscribe link). Write to ${CONTACT_EMAIL} or to the restaurant; we answer within one month. You can also complain to the Information Commissioner’s Office (ICO).`,
  },
];

export default function PrivacyPage() {
  return (
    <SiteDocument title="Politique de confidentialité" path={paths.privacy.path}>
      <DocumentSections sections={SECTIONS} />
    </SiteDocument>
  );
}

export function PrivacyPageEn() {
  return (
    <SiteDocument title="Privacy notice" content={SITE_EN} path={paths.privacyEn.path}>
      <DocumentSections sections={SECTIONS_EN} />
    </SiteDocument>
  );
}
