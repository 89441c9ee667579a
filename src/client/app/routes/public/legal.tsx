import { CONTACT_EMAIL } from '../../../config/paths';
import { DocumentSections, SiteDocument } from '../../../features/site/components/site-document';

// The publisher's registration details are filled in by the company running the platform.
const SECTIONS = [
  { title: 'Éditeur', text: `ReFeed SAS, société par actions simplifiée, Paris (France). Contact : ${CONTACT_EMAIL}.` },
  { title: 'Directeur de la publication', text: 'Le président de ReFeed SAS.' },
  { title: 'Hébergement', text: 'Le service est hébergé dans l’Union européenne par un prestataire d’infrastructure cloud ; ses coordonnées sont communiquées sur simple demande.' },
  { title: 'Propriété intellectuelle', text: 'Les contenus, marques et logiciels du site sont la propriété de ReFeed ; toute reproduction sans autorisation est interdite.' },
  { title: 'Données personnelles', text: 'Le traitement des données est décrit dans la politique de confidentialité.' },
];

export default function LegalNoticePage() {
  return (
    <SiteDocument title="Mentions légales">
      <DocumentSections sections={SECTIONS} />
    </SiteDocument>
  );
}
