import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

/**
 * Previous / next with 'Page n sur N'; hidden when everything fits on one page. With `hasMore` (a total
 * known only up to a cap) the count is left out and 'Suivant' follows `hasMore`.
 */
export function Pager({
  page,
  total,
  pageSize,
  hasMore,
  onPageChange,
}: {
  page: number;
  total: number;
  pageSize: number;
  hasMore?: boolean;
  onPageChange: (page: number) => void;
}) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (hasMore === undefined && total <= pageSize) return null;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-2">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        Précédent
      </Button>
      <span className="text-sm text-stone-600" aria-live="polite">
        {hasMore === undefined ? `Page ${Math.min(page, pageCount).toLocaleString('fr-FR')} sur ${pageCount.toLocaleString('fr-FR')}` : `Page ${page.toLocaleString('fr-FR')}`}
      </span>
      <Button variant="outline" size="sm" disabled={hasMore === undefined ? page >= pageCount : !hasMore} onClick={() => onPageChange(page + 1)}>
        Suivant
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
