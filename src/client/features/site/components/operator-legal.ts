import { useEffect, useState } from 'react';
import { OPERATOR_LEGAL_SCRIPT_ID, OPERATOR_SLOTS, type OperatorLegal } from '../../../../shared/operator-legal';

/** Where the app's own router reads the operator's details (the served page embeds them instead). */
const OPERATOR_URL = '/api/billing/operator';

type OperatorState = { status: 'ready'; operator: OperatorLegal } | { status: 'loading' } | { status: 'error' };

/**
 * The operator's details of the legal notice (decision 094). Prerendered at build (no document): the slots the
 * server fills. Hydrating the served page: the JSON the server embedded with the same values, so the markup
 * matches. Opened by the app's router (no embedded JSON): read from the public endpoint.
 */
function initialState(): OperatorState {
  if (typeof document === 'undefined') return { status: 'ready', operator: OPERATOR_SLOTS };
  const embedded = document.getElementById(OPERATOR_LEGAL_SCRIPT_ID)?.textContent;
  if (embedded) {
    try {
      return { status: 'ready', operator: JSON.parse(embedded) as OperatorLegal };
    } catch {
      return { status: 'loading' };
    }
  }
  return { status: 'loading' };
}

export function useOperatorLegal(): OperatorState & { retry: () => void } {
  const [state, setState] = useState(initialState);
  const [attempt, setAttempt] = useState(0);
  const loading = state.status === 'loading';
  useEffect(() => {
    if (!loading) return;
    let cancelled = false;
    fetch(OPERATOR_URL, { headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const operator = (await response.json()) as OperatorLegal;
        if (!cancelled) setState({ status: 'ready', operator });
      })
      .catch(() => {
        if (!cancelled) setState({ status: 'error' });
      });
    return () => {
      cancelled = true;
    };
  }, [loading, attempt]);
  return {
    ...state,
    retry: () => {
      setState({ status: 'loading' });
      setAttempt((n) => n + 1);
    },
  };
}
