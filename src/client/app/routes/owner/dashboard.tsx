import { Link2, Megaphone, QrCode, Gift, Users } from 'lucide-react';
import { Link } from 'react-router';
import { OwnerLayout } from '../../../components/layouts/owner-layout';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { useMe } from '../../../features/accounts/api/get-me';

const TILES = [
  { to: paths.qr.href(), label: 'QR codes', text: 'Imprimez vos QR codes pour vos tables.', icon: QrCode },
  { to: paths.customers.href(), label: 'Clients', text: 'Retrouvez vos clients et leurs points.', icon: Users },
  { to: paths.loyalty.href(), label: 'Fidélité', text: 'Règles de points et récompenses.', icon: Gift },
  { to: paths.automations.href(), label: 'Automations', text: 'Les emails envoyés automatiquement.', icon: Megaphone },
  { to: paths.googleSettings.href(), label: 'Lien d’avis', text: 'Où envoyer vos clients satisfaits.', icon: Link2 },
];

export default function DashboardPage() {
  const me = useMe();
  const restaurant = me.data?.restaurants[0];
  return (
    <OwnerLayout title="Tableau de bord">
      <section aria-labelledby="dashboard-welcome" className="flex flex-col gap-6">
        <div>
          <h2 id="dashboard-welcome" className="text-2xl font-semibold">
            Bienvenue{restaurant ? ` chez ${restaurant.name}` : ''} !
          </h2>
          <p className="mt-1 text-stone-600">Votre espace ReFeed est prêt. Par où commencer ?</p>
        </div>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {TILES.map(({ to, label, text, icon: Icon }) => (
            <li key={to}>
              <Card className="h-full transition-colors hover:border-brand-200 hover:bg-brand-50">
                <Link to={to} className="flex h-full items-start gap-3 p-5">
                  <Icon className="mt-0.5 size-6 shrink-0 text-brand-700" aria-hidden="true" />
                  <span>
                    <span className="block font-semibold">{label}</span>
                    <span className="block text-sm text-stone-600">{text}</span>
                  </span>
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </OwnerLayout>
  );
}
