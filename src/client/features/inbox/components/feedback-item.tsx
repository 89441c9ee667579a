import { CheckCircle2, Mail, MessageSquareReply, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Stars } from '../../../components/ui/stars';
import { UnconfirmedEmail } from '../../../components/unconfirmed-email';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { formatDateTimeFr } from '../../../../shared/format';
import { FEEDBACK_STATUS_LABELS, type TFeedbackStatus, type TInboxItem } from '../../../../shared/schemas/inbox';
import { qrLabelShown } from '../../../../shared/rules/qr-label';

/**
 * One feedback of /avis: stars, comment, date and time (Paris), table, the diner (a link to their page
 * when known), whether they were invited to the public review, the status and who handled it; the
 * private replies under it.
 */
export function FeedbackItem({
  item,
  selected,
  onSelect,
  onStatus,
  onReply,
  busy,
  highlighted = false,
}: {
  item: TInboxItem;
  selected: boolean;
  onSelect: (checked: boolean) => void;
  onStatus: (status: TFeedbackStatus) => void;
  onReply: () => void;
  busy: boolean;
  highlighted?: boolean;
}) {
  const low = item.rating <= 3;
  const checkboxId = `select-${item.id}`;
  return (
    <article
      aria-labelledby={`${item.id}-title`}
      data-testid="inbox-item"
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-xs',
        low ? 'border-l-4 border-l-red-500' : 'border-l-4 border-l-green-600',
        highlighted && 'ring-2 ring-brand-600',
      )}
    >
      <div className="flex flex-wrap items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          className="mt-1 size-4 accent-brand-700"
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={`Sélectionner l’avis de ${item.customer?.name ?? 'Client anonyme'} du ${formatDateTimeFr(item.createdAt)}`}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 id={`${item.id}-title`} className="flex flex-wrap items-center gap-2 text-sm font-medium text-stone-900">
            <Stars rating={item.rating} />
            <span className="text-stone-600">{formatDateTimeFr(item.createdAt)}</span>
            {item.tableLabel ? <Badge variant="neutral">{qrLabelShown(item.tableLabel)}</Badge> : null}
          </h3>
          <p className="text-sm">
            {item.customer?.name ? (
              <Link to={paths.customer.href(item.customer.id)} className="font-medium text-brand-700 hover:underline">
                {item.customer.name}
              </Link>
            ) : item.customer ? (
              <Link to={paths.customer.href(item.customer.id)} className="font-medium text-brand-700 hover:underline">
                Client anonyme
              </Link>
            ) : (
              <span className="font-medium text-stone-700">Client anonyme</span>
            )}
            {item.customer?.hasEmail ? (
              <span className="ml-2 inline-flex items-center gap-1 text-xs text-stone-600">
                <Mail className="size-3.5" aria-hidden="true" />
                email connu
              </span>
            ) : item.customer?.unconfirmedEmail ? (
              <span className="ml-2 inline-flex items-center gap-1 text-xs text-stone-600">
                <Mail className="size-3.5" aria-hidden="true" />
                <UnconfirmedEmail address={item.customer.unconfirmedEmail} />
              </span>
            ) : null}
          </p>
          {item.comment ? <p className="text-sm whitespace-pre-line text-stone-800">« {item.comment} »</p> : <p className="text-sm text-stone-500 italic">Sans commentaire</p>}
          <div className="flex flex-wrap items-center gap-2 text-xs">
            <Badge variant={item.status === 'done' ? 'success' : 'warning'}>{FEEDBACK_STATUS_LABELS[item.status]}</Badge>
            {item.status === 'done' && item.handledAt ? (
              <span className="text-stone-600">
                par {item.handledByName ?? 'un membre de l’équipe'} le {formatDateTimeFr(item.handledAt)}
              </span>
            ) : null}
            <Badge variant={item.reviewInvited ? 'default' : 'neutral'}>{item.reviewInvited ? 'Invité à l’avis public' : 'Pas invité à l’avis public'}</Badge>
          </div>
        </div>
      </div>
      {item.replies.length > 0 ? (
        <ul className="flex flex-col gap-2 border-t border-stone-100 pt-3" aria-label="Réponses envoyées">
          {item.replies.map((reply) => (
            <li key={reply.id} className="rounded-lg bg-stone-50 p-3 text-sm" data-testid="inbox-reply">
              <p className="font-medium text-stone-900">
                Réponse envoyée le {formatDateTimeFr(reply.createdAt)}
                {reply.sentByName ? ` par ${reply.sentByName}` : ''} : {reply.subject}
              </p>
              {reply.message ? <p className="mt-1 whitespace-pre-line text-stone-700">{reply.message}</p> : null}
              {reply.rewardLabel ? <p className="mt-1 text-green-800">Geste offert : {reply.rewardLabel}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {item.status === 'new' ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => onStatus('done')}>
            <CheckCircle2 aria-hidden="true" />
            Marquer traité
          </Button>
        ) : (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => onStatus('new')}>
            <RotateCcw aria-hidden="true" />
            Remettre à « Nouveau »
          </Button>
        )}
        {item.customer?.hasEmail || item.customer?.unconfirmedEmail ? (
          <Button size="sm" onClick={onReply}>
            <MessageSquareReply aria-hidden="true" />
            Répondre
          </Button>
        ) : null}
      </div>
    </article>
  );
}
