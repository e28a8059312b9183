/** Small stroke icons for pricing and the blog; decorative, the text beside them carries the meaning. */
const ICON_PATHS = {
  check: "M4.5 10.5l3.5 3.5 7.5-8",
  cross: "M6 6l8 8M14 6l-8 8",
  arrow: "M4 10h12m-5-5 5 5-5 5",
  arrowBack: "M16 10H4m5-5-5 5 5 5",
} as const;

export function Icon({ name, className }: { name: keyof typeof ICON_PATHS; className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className={className}>
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
