import { useState } from 'react';

/** A set of checked ids (a list's selection): toggle one, check all of a list, clear. */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  return {
    selected,
    toggle: (id: string, checked: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (checked) next.add(id);
        else next.delete(id);
        return next;
      }),
    setAll: (ids: readonly string[], checked: boolean) => setSelected(checked ? new Set(ids) : new Set()),
    clear: () => setSelected(new Set()),
    allOf: (ids: readonly string[]) => ids.length > 0 && ids.every((id) => selected.has(id)),
  };
}
