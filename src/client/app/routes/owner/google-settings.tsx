import { AlertTriangle, ArrowLeft, BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { OwnerPage } from '../../layouts/owner-layout';
import { Card } from '../../../components/ui/card';
import { Label } from '../../../components/ui/input';
import { QueryError } from '../../../components/ui/query-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { paths } from '../../../config/paths';
import { useReviewLink } from '../../../features/reviews/api/get-review-link';
import { useSetReviewPrompt } from '../../../features/reviews/api/set-review-prompt';
import { ManualLinkForm } from '../../../features/reviews/components/manual-link-form';
import { PlaceSearch } from '../../../features/reviews/components/place-search';
import { formatDateFr } from '../../../../shared/format';
import { toastError } from '../../../lib/toast';

const HOW_TO = [
  'Ouvrez votre fiche Google (Google Business Profile) depuis la recherche Google ou Google Maps.',
  'Cliquez sur « Demander des avis » (ou « Obtenir plus d’avis »).',
  'Copiez le lien proposé : il commence par https://g.page/r/…',
  'Collez-le ci-dessus, testez-le, puis enregistrez.',
];

function ReviewPromptSwitch({ enabled }: { enabled: boolean }) {
  const setPrompt = useSetReviewPrompt();
  return (
    <Card className="flex flex-col gap-2 p-4 sm:p-5">
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor="review-prompt-all" className="text-base font-semibold">
          Proposer l’avis public à tous les clients
        </Label>
        <Switch
          id="review-prompt-all"
          checked={enabled}
          disabled={setPrompt.isPending}
          onCheckedChange={async (checked) => {
            try {
              await setPrompt.mutateAsync(checked);
              toast.success('Statut mis à jour');
            } catch (error) {
              toastError('Erreur', error);
            }
          }}
        />
      </div>
      <p className="text-sm text-stone-600">
        Par défaut, seuls les clients qui donnent 4 ou 5 étoiles voient le bouton d’avis Google. Google interdit de ne solliciter que les clients satisfaits
        (« review gating ») : activez cette option pour proposer l’avis public après chaque note.
      </p>
    </Card>
  );
}

export default function GoogleSettingsPage() {
  const settings = useReviewLink();
  const data = settings.data;
  return (
    <OwnerPage title="Lien d’avis">
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
        <Link to={paths.dashboard.href()} className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Retour au tableau de bord
        </Link>
        <div>
          <h2 className="text-2xl font-semibold tracking-tight">Lien d’avis public</h2>
          <p className="text-sm text-stone-600">Vos clients satisfaits sont invités à laisser un avis sur votre fiche Google.</p>
        </div>
        {settings.isPending ? (
          <div role="status" aria-live="polite" className="flex flex-col gap-4">
            <span className="sr-only">Chargement du lien d’avis…</span>
            <Skeleton className="h-16" />
            <Skeleton className="h-48" />
          </div>
        ) : settings.isError ? (
          <QueryError title="Impossible de charger le lien d’avis" detail={settings.error.message} onRetry={() => void settings.refetch()} />
        ) : (
          <>
            <div aria-live="polite" data-testid="review-link-status">
              {data!.reviewUrl && data!.validatedAt ? (
                <p className="flex flex-wrap items-center gap-2 rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900">
                  <BadgeCheck className="size-5 text-green-700" aria-hidden="true" />
                  <span>
                    Lien vérifié le {formatDateFr(data!.validatedAt)} :{' '}
                    <a href={data!.reviewUrl} target="_blank" rel="noopener noreferrer" className="font-medium break-all underline">
                      {data!.reviewUrl}
                    </a>
                  </span>
                </p>
              ) : (
                <p className="flex items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
                  <AlertTriangle className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
                  Aucun lien pour le moment : recherchez votre établissement ou collez votre lien ci-dessous.
                </p>
              )}
            </div>
            <PlaceSearch configured={data!.placesSearchConfigured} />
            <ManualLinkForm key={data!.reviewUrl ?? ''} current={data!.reviewUrl} />
            <ReviewPromptSwitch enabled={data!.reviewPromptAllRatings} />
            <Card className="p-4 sm:p-5">
              <h2 className="text-lg font-semibold">Où trouver votre lien ?</h2>
              <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-stone-700">
                {HOW_TO.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </Card>
          </>
        )}
      </div>
    </OwnerPage>
  );
}
