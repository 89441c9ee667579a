import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';
import { formatCount } from '../../../shared/format';
import { useOwnerLocale, useOwnerMessages } from '../../lib/owner-locale';

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
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (hasMore === undefined && total <= pageSize) return null;
  return (
    <nav aria-label={m.shell_pagination()} className="flex items-center justify-between gap-2">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        {m.shell_previous()}
      </Button>
      <span className="text-sm text-stone-600" aria-live="polite">
        {hasMore === undefined
          ? m.shell_page_of({ page: formatCount(Math.min(page, pageCount), locale), total: formatCount(pageCount, locale) })
          : m.shell_page_number({ page: formatCount(page, locale) })}
      </span>
      <Button variant="outline" size="sm" disabled={hasMore === undefined ? page >= pageCount : !hasMore} onClick={() => onPageChange(page + 1)}>
        {m.shell_next()}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
