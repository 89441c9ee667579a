import { useCallback, useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { SECURITY_CHECK_IDS, SECURITY_CHECK_LABELS, SECURITY_MESSAGES } from '../../../../shared/schemas/security';
import { useRunSecurityCheck } from '../api/run-security-check';
import { SecurityAbout } from './security-about';
import { SecurityCheckList, type SecurityRow } from './security-check-list';
import { SecurityScore } from './security-score';
import { toastError } from '../../../lib/toast';
import { formatDateTime } from '../../../../shared/format';

const TOTAL = SECURITY_CHECK_IDS.length;

/** The /security self-check: runs once on arrival and again on the button; the result is announced. */
export function SecurityCheckPanel() {
  const check = useRunSecurityCheck();
  const { mutate } = check;
  const run = useCallback(() => {
    mutate(undefined, {
      onSuccess: () => toast.success(SECURITY_MESSAGES.checkDone, { id: 'security-check' }),
      onError: (error) => toastError(SECURITY_MESSAGES.checkFailed, error, undefined, { id: 'security-check' }),
    });
  }, [mutate]);

  // Once per visit (StrictMode runs effects twice in development).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run();
  }, [run]);

  const running = check.isPending || check.isIdle;
  const result = check.isSuccess ? check.data : null;
  const rows: SecurityRow[] = SECURITY_CHECK_IDS.map((id) => {
    const found = result?.checks.find((item) => item.id === id);
    if (found) return found;
    return { id, label: SECURITY_CHECK_LABELS[id], status: running ? 'checking' : 'unchecked', detail: '' };
  });
  const passed = result ? result.checks.filter((item) => item.status === 'pass').length : null;

  const announcement = running
    ? 'Vérification de sécurité en cours…'
    : result
      ? `${SECURITY_MESSAGES.checkDone} : score ${result.score} %, ${passed} contrôles réussis sur ${TOTAL}.`
      : check.isError
        ? `${SECURITY_MESSAGES.checkFailed} : ${check.error.message}`
        : '';

  return (
    <div className="flex flex-col gap-5">
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <SecurityScore score={result?.score ?? null} passed={passed} total={TOTAL} running={running} onRun={run} />
      {check.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-medium">{SECURITY_MESSAGES.checkFailed}</p>
          <p>{check.error.message}</p>
        </div>
      ) : null}
      {result?.notices?.map((notice) => (
        <div key={notice.id} role="note" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <p className="font-medium">{notice.title}</p>
          <p>{notice.detail}</p>
        </div>
      ))}
      <h2 className="-mb-2 text-lg font-semibold">Contrôles</h2>
      <SecurityCheckList rows={rows} busy={running} />
      {result ? (
        <p className="text-xs text-stone-500">
          Dernière vérification : <time dateTime={result.checkedAt}>{formatDateTime(result.checkedAt)}</time>
        </p>
      ) : null}
      <SecurityAbout />
    </div>
  );
}
