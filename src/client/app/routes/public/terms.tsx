import { CONTACT_EMAIL } from '../../../config/paths';
import { DocumentSections, SiteDocument } from '../../../features/site/components/site-document';

const SECTIONS: Array<{ title: string; text: string }> = [
  { title: 'Objet', text: 'Les présentes conditions régissent l’utilisation de la plateforme ReFeed, service de collecte d’avis clients, de fidélisation et d’emails automatisés destiné aux restaurants.' },
  { title: 'Acceptation', text: 'La création d’un compte vaut acceptation pleine et entière des présentes conditions.' },
  { title: 'Inscription et compte', text: 'Le restaurateur fournit des informations exactes (raison sociale, SIREN, coordonnées) et garde ses identifiants confidentiels.' },
  { title: 'Validation du compte par l’équipe', text: 'Chaque compte est examiné par l’équipe ReFeed, qui peut l’approuver, le refuser ou le suspendre à sa discrétion.' },
  { title: 'Utilisation du service', text: 'Le service est utilisé conformément à la loi et à sa finalité : recueillir l’avis de vrais clients et les fidéliser.' },
  { title: 'Protection des données (RGPD)', text: 'Les données des clients sont traitées conformément au RGPD. Le restaurateur est responsable de traitement ; ReFeed agit comme sous-traitant et héberge les données en Europe.' },
  { title: 'Propriété intellectuelle', text: 'La plateforme, ses marques et ses contenus restent la propriété de ReFeed.' },
  { title: 'Limitation de responsabilité', text: 'ReFeed met tout en œuvre pour assurer la disponibilité du service, sans garantie d’absence d’interruption.' },
  { title: 'Résiliation', text: 'Le restaurateur peut résilier à tout moment en un clic ; ReFeed peut résilier en cas de manquement aux présentes conditions.' },
  { title: 'Modifications', text: 'Toute modification des conditions est notifiée par email avant son entrée en vigueur.' },
  { title: 'Droit applicable', text: 'Les présentes conditions sont soumises au droit français.' },
  { title: 'Contact', text: `Pour toute question : ${CONTACT_EMAIL}.` },
];

export default function TermsPage() {
  return (
    <SiteDocument title="Conditions générales d’utilisation" showSignup>
      <DocumentSections sections={SECTIONS} />
    </SiteDocument>
  );
}
