import { useTranslation } from "react-i18next";
import "./loading-dots.css";

interface LoadingDotsProps {
  /** `page` fills the viewport (app start), `section` a content area (inside a layout). */
  layout?: "inline" | "section" | "page";
}

/** Three bouncing dots (spec §2), announced to assistive technology as "Loading…". */
export function LoadingDots({ layout = "inline" }: LoadingDotsProps) {
  // No suspense: this is the fallback shown while translations load.
  const { t } = useTranslation("common", { useSuspense: false });
  const label = t("loading", { defaultValue: "Loading…" });
  const dots = (
    <div className="ws-dots" role="status" aria-label={label}>
      <span className="ws-dot" aria-hidden="true" />
      <span className="ws-dot" aria-hidden="true" />
      <span className="ws-dot" aria-hidden="true" />
      <span className="ws-visually-hidden">{label}</span>
    </div>
  );
  if (layout === "inline") return dots;
  return <div className={layout === "page" ? "ws-page-loading" : "ws-section-loading"}>{dots}</div>;
}
