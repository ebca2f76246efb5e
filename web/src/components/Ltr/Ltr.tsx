import type { ReactNode } from "react";

/**
 * A phone, an email, a code, a zip code, an amount or a time range: text that
 * reads left to right whatever the page's direction, isolated so the Arabic
 * around it neither reorders it ("+961 71 597 801", never "96171597801+") nor
 * is reordered by it.
 */
export function Ltr({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {children}
    </bdi>
  );
}
