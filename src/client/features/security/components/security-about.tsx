import { FileText } from 'lucide-react';
import { SECURITY_CHECK_LABELS, SECURITY_DOCUMENT_URL, type TSecurityCheckId } from '../../../../shared/schemas/security';

/** What each probe really does, in a sentence (the server calls the app as a browser would). */
const WHAT_IS_TRIED: Record<TSecurityCheckId, string> = {
  'tenant-isolation': 'avec votre session, nous demandons un QR code d’un autre restaurant : la réponse doit être un refus, et vos listes ne contiennent que vos données.',
  'public-data': 'les réponses publiques lues par vos clients (fiche du restaurant, QR code) ne doivent contenir ni email, ni téléphone, ni SIRET, ni identifiant d’utilisateur.',
  'email-function': 'l’envoi d’un email de vérification sans être connecté doit être refusé (401).',
  'security-headers': 'la page d’accueil doit porter Content-Security-Policy, une protection contre l’intégration en iframe, nosniff, Referrer-Policy et, en HTTPS, HSTS.',
  'input-validation': 'un avis avec une note de 9, un identifiant invalide ou un JSON mal formé doit être refusé (400) avec un message en français.',
};

export function SecurityAbout() {
  return (
    <section aria-labelledby="security-about-title" className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-stone-50 p-5 text-sm text-stone-700">
      <h2 id="security-about-title" className="text-base font-semibold text-stone-900">
        Ce que vérifient ces contrôles
      </h2>
      <p>Chaque contrôle envoie de vraies requêtes au serveur, comme le ferait un navigateur, et juge la réponse.</p>
      <ul className="flex list-disc flex-col gap-1.5 pl-5">
        {(Object.keys(WHAT_IS_TRIED) as TSecurityCheckId[]).map((id) => (
          <li key={id}>
            <span className="font-medium text-stone-900">{SECURITY_CHECK_LABELS[id]}</span> : {WHAT_IS_TRIED[id]}
          </li>
        ))}
      </ul>
      <p>Détails : SECURITY.md à la racine du projet.</p>
      <a
        href={SECURITY_DOCUMENT_URL}
        target="_blank"
        rel="noopener"
        className="inline-flex w-fit items-center gap-1.5 font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <FileText className="size-4" aria-hidden="true" />
        Lire le document de sécurité (SECURITY.md)
        <span className="sr-only"> (nouvel onglet)</span>
      </a>
    </section>
  );
}
