/** The Workshift mark: shift bars on a rota, with a clock-in dot. Same drawing as public/favicon.svg. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-brand-7, #0f766e)" />
      <rect x="7" y="8.5" width="13" height="4" rx="2" fill="#fff" />
      <rect x="12" y="14" width="13" height="4" rx="2" fill="#fff" fillOpacity="0.7" />
      <rect x="7" y="19.5" width="9" height="4" rx="2" fill="#fff" fillOpacity="0.9" />
      <circle cx="21.75" cy="21.5" r="2.25" fill="#fbbf24" />
    </svg>
  );
}
