import { Gift, Megaphone, QrCode, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { useOwnerMessages } from '../../../lib/owner-locale';

/** The dashboard's shortcuts to the customers, loyalty, QR codes and automatic emails. */
export function DashboardShortcuts() {
  const m = useOwnerMessages();
  const tiles = [
    { to: paths.customers.href(), label: m.reviews_tile_customers(), text: m.reviews_tile_customers_text(), icon: Users },
    { to: paths.loyalty.href(), label: m.reviews_tile_loyalty(), text: m.reviews_tile_loyalty_text(), icon: Gift },
    { to: paths.qr.href(), label: m.reviews_tile_qr(), text: m.reviews_tile_qr_text(), icon: QrCode },
    { to: paths.automations.href(), label: m.reviews_tile_automations(), text: m.reviews_tile_automations_text(), icon: Megaphone },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-1" aria-label={m.reviews_dashboard_shortcuts()}>
      {tiles.map(({ to, label, text, icon: Icon }) => (
        <li key={to}>
          <Card className="h-full transition-colors hover:border-brand-200 hover:bg-brand-50">
            <Link to={to} className="flex h-full items-start gap-3 p-4">
              <Icon className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
              <span>
                <span className="block font-semibold">{label}</span>
                <span className="block text-sm text-stone-600">{text}</span>
              </span>
            </Link>
          </Card>
        </li>
      ))}
    </ul>
  );
}
