import { CONTACT_EMAIL, paths } from '../../../config/paths';
import { SITE_EN } from '../../../features/site/content';
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

/** The English terms of the /en site (issue #53): the same terms, for a UK business. */
const SECTIONS_EN: Array<{ title: string; text: string }> = [
  { title: 'Purpose', text: 'These terms govern the use of the ReFeed platform, a service for restaurants that collects guest feedback, runs a loyalty programme and sends automated emails.' },
  { title: 'Acceptance', text: 'Creating an account means accepting these terms in full.' },
  { title: 'Sign-up and account', text: 'The restaurant provides accurate details (legal name, company number or trading name, contact details) and keeps its sign-in details confidential.' },
  { title: 'Account review by our team', text: 'Every account is reviewed by the ReFeed team, which may approve, refuse or suspend it at its discretion.' },
  { title: 'Use of the service', text: 'The service is used lawfully and for its purpose: collecting feedback from real guests and keeping them coming back.' },
  { title: 'Data protection (UK GDPR)', text: 'Guests’ data is processed under the UK GDPR and the Data Protection Act 2018. The restaurant is the controller; ReFeed acts as its processor and hosts the data in Europe.' },
  { title: 'Intellectual property', text: 'The platform, its trade marks and its content remain the property of ReFeed.' },
  { title: 'Limitation of liability', text: 'ReFeed does its best to keep the service available, without guaranteeing that it will never be interrupted.' },
  { title: 'Termination', text: 'The restaurant may cancel at any time in one click; ReFeed may terminate the account if these terms are breached.' },
  { title: 'Changes', text: 'Any change to these terms is notified by email before it takes effect.' },
  { title: 'Governing law', text: 'These terms are governed by French law; this does not remove any protection the law of your country gives you.' },
  { title: 'Contact', text: `Any question: ${CONTACT_EMAIL}.` },
];

export default function TermsPage() {
  return (
    <SiteDocument title="Conditions générales d’utilisation" showSignup path={paths.terms.path}>
      <DocumentSections sections={SECTIONS} />
    </SiteDocument>
  );
}

export function TermsPageEn() {
  return (
    <SiteDocument title="Terms of use" showSignup content={SITE_EN} path={paths.termsEn.path}>
      <DocumentSections sections={SECTIONS_EN} />
    </SiteDocument>
  );
}
