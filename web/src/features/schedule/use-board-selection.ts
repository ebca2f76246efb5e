import { useCallback, useMemo, useState } from "react";

/** The shifts chosen for a bulk delete or publish (Space, Ctrl/Cmd/Shift-click). */
export interface BoardSelection {
  ids: ReadonlySet<string>;
  toggle(id: string): void;
  clear(): void;
  /** Keeps only the ids still on the board (after a reload or another week). */
  keepOnly(present: ReadonlySet<string>): void;
}

export function useBoardSelection(): BoardSelection {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback((id: string) => {
    setIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const clear = useCallback(() => setIds((current) => (current.size === 0 ? current : new Set())), []);
  const keepOnly = useCallback((present: ReadonlySet<string>) => {
    setIds((current) => {
      const kept = [...current].filter((id) => present.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, []);
  return useMemo(() => ({ ids, toggle, clear, keepOnly }), [ids, toggle, clear, keepOnly]);
}
