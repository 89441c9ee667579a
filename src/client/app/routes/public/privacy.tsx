import { CONTACT_EMAIL } from '../../../config/paths';
import { DocumentSections, SiteDocument } from '../../../features/site/components/site-document';
import { DEFAULT_DINER_RETENTION_MONTHS, retentionPeriodText } from '../../../../shared/rules/retention';

/** The retention period of the diners' data: the server's default (DINER_RETENTION_MONTHS, decision 045). */
const DINER_RETENTION = retentionPeriodText(DEFAULT_DINER_RETENTION_MONTHS);

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

export default function PrivacyPage() {
  return (
    <SiteDocument title="Politique de confidentialité">
      <DocumentSections sections={SECTIONS} />
    </SiteDocument>
  );
}
