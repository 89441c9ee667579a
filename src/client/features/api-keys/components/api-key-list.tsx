import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CardList } from '../../../components/ui/card-list';
import { ItemConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { toastError } from '../../../lib/toast';
import { formatDateFr, formatShortDateFr } from '../../../../shared/format';
import { API_KEY_ACCESS_LABELS, type TApiKey } from '../../../../shared/schemas/api-keys';
import { useRevokeApiKey } from '../api/api-keys';

const venuesText = (key: TApiKey) => (key.allVenues ? 'Tous les établissements' : key.venues.map((venue) => venue.name).join(', ') || 'Aucun établissement');
/** Dates in full on cards, short (26/11/2026) in the table's narrow columns. */
type DateFormat = (value: string) => string;
const lastUsedText = (key: TApiKey, format: DateFormat = formatDateFr) => (key.lastUsedAt ? format(key.lastUsedAt) : 'Jamais');
const personalDataText = (key: TApiKey) => (key.personalData ? 'Oui' : 'Non');

function StatusBadge({ apiKey }: { apiKey: TApiKey }) {
  return apiKey.revokedAt ? <Badge variant="neutral">Révoquée</Badge> : <Badge variant="success">Active</Badge>;
}

function KeyStart({ apiKey }: { apiKey: TApiKey }) {
  return <code className="rounded bg-stone-100 px-1.5 py-0.5 font-mono text-xs whitespace-nowrap text-stone-800">{apiKey.tokenStart}…</code>;
}

function RevokeButton({ apiKey, onRevoke }: { apiKey: TApiKey; onRevoke: (key: TApiKey) => void }) {
  if (apiKey.revokedAt) return null;
  return (
    <Button variant="outline" size="sm" className="text-red-700" onClick={() => onRevoke(apiKey)} aria-label={`Révoquer la clé ${apiKey.name}`}>
      Révoquer
    </Button>
  );
}

function CreatedText({ apiKey, format = formatDateFr }: { apiKey: TApiKey; format?: DateFormat }) {
  return (
    <>
      <span className="whitespace-nowrap">{format(apiKey.createdAt)}</span>
      {apiKey.createdBy ? <span className="block text-xs break-all text-stone-500">par {apiKey.createdBy.name || apiKey.createdBy.email}</span> : null}
    </>
  );
}

/** The organisation's keys: a table from 1024 px, cards below; an active key is revoked after a confirmation. */
export function ApiKeyList({ keys }: { keys: TApiKey[] }) {
  const [pending, setPending] = useState<TApiKey | null>(null);
  const revoke = useRevokeApiKey();

  async function confirm() {
    if (!pending) return;
    try {
      await revoke.mutateAsync(pending.id);
      toast.success('Clé révoquée', { description: `La clé « ${pending.name} » ne permet plus aucune requête.` });
      setPending(null);
    } catch (error) {
      toastError('Révocation impossible', error);
    }
  }

  if (keys.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 px-5 py-10 text-center" data-testid="api-keys-empty">
        <KeyRound className="size-8 text-stone-400" aria-hidden="true" />
        <p className="font-semibold">Aucune clé pour l’instant</p>
        <p className="max-w-md text-sm text-stone-600">Créez une clé pour relier ReFeed à votre caisse, votre CRM ou vos outils d’analyse.</p>
      </Card>
    );
  }

  return (
    <>
      <Card className="hidden overflow-hidden lg:block">
        <Table aria-label="Clés d’API">
          <TableHeader>
            <TableRow>
              <TableHead>Nom</TableHead>
              <TableHead>Clé</TableHead>
              <TableHead>Accès</TableHead>
              <TableHead>Établissements</TableHead>
              <TableHead className="whitespace-normal">Données personnelles</TableHead>
              <TableHead>Créée le</TableHead>
              <TableHead className="whitespace-normal">Dernière utilisation</TableHead>
              <TableHead>Statut</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {keys.map((key) => (
              <TableRow key={key.id} data-testid="api-key-row" className={key.revokedAt ? 'text-stone-500' : undefined}>
                <TableCell className="font-medium break-words">{key.name}</TableCell>
                <TableCell>
                  <KeyStart apiKey={key} />
                </TableCell>
                <TableCell className="whitespace-nowrap">{API_KEY_ACCESS_LABELS[key.access]}</TableCell>
                <TableCell className="max-w-56">{venuesText(key)}</TableCell>
                <TableCell>{personalDataText(key)}</TableCell>
                <TableCell>
                  <CreatedText apiKey={key} format={formatShortDateFr} />
                </TableCell>
                <TableCell className="whitespace-nowrap">{lastUsedText(key, formatShortDateFr)}</TableCell>
                <TableCell>
                  <StatusBadge apiKey={key} />
                  {key.revokedAt ? <span className="block text-xs whitespace-nowrap text-stone-500">le {formatShortDateFr(key.revokedAt)}</span> : null}
                </TableCell>
                <TableCell className="text-right">
                  <RevokeButton apiKey={key} onRevoke={setPending} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
      <CardList items={keys} label="Clés d’API" className="lg:hidden" keyOf={(key) => key.id}>
        {(key) => (
          <Card className="flex flex-col gap-3 p-4" data-testid="api-key-card">
            <div className="flex items-start justify-between gap-3">
              <div className="flex min-w-0 flex-col gap-1">
                <p className="font-medium break-words">{key.name}</p>
                <KeyStart apiKey={key} />
              </div>
              <StatusBadge apiKey={key} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-stone-500">Accès</dt>
              <dd>{API_KEY_ACCESS_LABELS[key.access]}</dd>
              <dt className="text-stone-500">Établissements</dt>
              <dd className="break-words">{venuesText(key)}</dd>
              <dt className="text-stone-500">Données personnelles</dt>
              <dd>{personalDataText(key)}</dd>
              <dt className="text-stone-500">Créée le</dt>
              <dd>
                <CreatedText apiKey={key} />
              </dd>
              <dt className="text-stone-500">Dernière utilisation</dt>
              <dd>{lastUsedText(key)}</dd>
              {key.revokedAt ? (
                <>
                  <dt className="text-stone-500">Révoquée le</dt>
                  <dd>{formatDateFr(key.revokedAt)}</dd>
                </>
              ) : null}
            </dl>
            <div>
              <RevokeButton apiKey={key} onRevoke={setPending} />
            </div>
          </Card>
        )}
      </CardList>
      <ItemConfirmDialog
        item={pending}
        onClose={() => setPending(null)}
        title="Révoquer cette clé ?"
        description={pending ? `Les outils qui utilisent la clé « ${pending.name} » (${pending.tokenStart}…) ne pourront plus accéder à l’API, dès maintenant. Cette action est définitive.` : ''}
        confirmLabel="Révoquer la clé"
        pending={revoke.isPending}
        pendingLabel="Révocation…"
        stayOpen
        onConfirm={confirm}
      />
    </>
  );
}
