import { FileText } from 'lucide-react';
import { SECURITY_CHECK_LABELS, SECURITY_DOCUMENT_URL, type TSecurityCheckId } from '../../../../shared/schemas/security';

/** What each check protects and how it is tried, in an owner's words (the server calls the app as a browser would). */
const WHAT_IS_TRIED: Record<TSecurityCheckId, string> = {
  'tenant-isolation':
    'vos clients, vos avis et vos QR codes ne sont visibles par aucun autre restaurant. Nous essayons, depuis votre compte, d’ouvrir le QR code d’un autre restaurant : ReFeed doit refuser, et vos listes ne doivent contenir que vos données.',
  'public-data':
    'la vie privée de vos clients. Les pages qu’un client ouvre en scannant votre QR code ne doivent contenir ni email, ni téléphone, ni numéro d’entreprise, ni identifiant de compte.',
  'email-function': 'votre réputation auprès de vos clients. Sans être connecté à votre compte, personne ne doit pouvoir faire partir un email de ReFeed.',
  'security-headers':
    'vos visiteurs contre les sites pirates. Le navigateur doit recevoir les consignes qui empêchent d’afficher ReFeed à l’intérieur d’un faux site, d’y exécuter du code étranger ou de déguiser un fichier ; en HTTPS, la connexion chiffrée est imposée.',
  'input-validation':
    'vos statistiques et votre fidélité. Un avis avec une note impossible (9 sur 5), un lien trafiqué ou un envoi mal formé doivent être refusés, avec un message clair en français.',
};

export function SecurityAbout() {
  return (
    <section aria-labelledby="security-about-title" className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-stone-50 p-5 text-sm text-stone-700">
      <h2 id="security-about-title" className="text-base font-semibold text-stone-900">
        Ce que protègent ces contrôles
      </h2>
      <p>Chaque contrôle envoie de vraies requêtes au serveur, comme le ferait un navigateur, et juge la réponse.</p>
      <ul className="flex list-disc flex-col gap-1.5 pl-5">
        {(Object.keys(WHAT_IS_TRIED) as TSecurityCheckId[]).map((id) => (
          <li key={id}>
            <span className="font-medium text-stone-900">{SECURITY_CHECK_LABELS[id]}</span> : {WHAT_IS_TRIED[id]}
          </li>
        ))}
      </ul>
      <p>Pour votre prestataire informatique, un document technique détaille chaque protection.</p>
      <a
        href={SECURITY_DOCUMENT_URL}
        target="_blank"
        rel="noopener"
        className="inline-flex w-fit items-center gap-1.5 font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <FileText className="size-4" aria-hidden="true" />
        Lire le document de sécurité (technique, en anglais)
        <span className="sr-only"> (nouvel onglet)</span>
      </a>
    </section>
  );
}
