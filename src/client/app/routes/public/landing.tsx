import { MessageSquareHeart, QrCode, Star, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

const STEPS = [
  { icon: QrCode, title: 'Un QR code sur chaque table', text: 'Vos clients scannent et notent leur repas en 10 secondes, sans application.' },
  { icon: Trophy, title: 'Des points de fidélité', text: 'Chaque avis rapporte des points et débloque vos récompenses.' },
  { icon: Star, title: 'Plus d’avis Google', text: 'Les clients satisfaits sont guidés vers votre fiche d’avis publique.' },
  { icon: MessageSquareHeart, title: 'Des emails automatiques', text: 'Remerciement, relance à 30 jours, alerte en cas de note basse.' },
];

export default function LandingPage() {
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-10 border-b border-stone-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
          <Link to={paths.home.href()} className="text-xl font-bold text-brand-700">
            ReFeed
          </Link>
          <nav aria-label="Navigation principale" className="flex items-center gap-2">
            <Link to={paths.homeEn.href()} className="rounded px-2 py-1 text-sm text-stone-600 hover:text-stone-900" hrefLang="en-GB" aria-label="English version">
              EN
            </Link>
            <Button asChild variant="ghost" size="sm">
              <Link to={paths.login.href()}>Se connecter</Link>
            </Button>
            <Button asChild size="sm">
              <Link to={paths.signup.href()}>Essai gratuit</Link>
            </Button>
          </nav>
        </div>
      </header>
      <main>
        <section className="mx-auto max-w-6xl px-4 py-16 text-center sm:py-24">
          <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
            Transformez chaque repas en avis et chaque client en habitué
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-stone-600">
            ReFeed collecte les avis de vos clients par QR code, les récompense avec un programme de fidélité et vous aide à obtenir plus d’avis Google.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={paths.signup.href()}>Créer mon espace</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.login.href()}>J’ai déjà un compte</Link>
            </Button>
          </div>
          <p className="mt-4 text-sm text-stone-500">14 jours d’essai gratuit · sans carte bancaire · validation sous 24 h</p>
        </section>
        <section aria-labelledby="how" className="bg-white py-16">
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="how" className="text-center text-2xl font-semibold">
              Comment ça marche
            </h2>
            <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {STEPS.map(({ icon: Icon, title, text }) => (
                <li key={title} className="rounded-xl border border-stone-200 p-5">
                  <Icon className="size-8 text-brand-700" aria-hidden="true" />
                  <h3 className="mt-3 font-semibold">{title}</h3>
                  <p className="mt-1 text-sm text-stone-600">{text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>
      <footer className="border-t border-stone-200 py-8 text-center text-sm text-stone-500">
        <p>
          © ReFeed · <Link to={paths.terms.href()} className="underline">Conditions d’utilisation</Link> · Conforme RGPD · Hébergement européen
        </p>
      </footer>
    </div>
  );
}
