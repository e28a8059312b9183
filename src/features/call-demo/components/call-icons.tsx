type IconProps = { className?: string };

const svgProps = {
  "aria-hidden": true,
  focusable: "false",
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

export function HandsetIcon({ className = "size-7" }: IconProps) {
  return (
    <svg {...svgProps} fill="currentColor" stroke="none" className={className}>
      <path d="M20.5 15.6v3.1a2 2 0 0 1-2.2 2A19.8 19.8 0 0 1 3.3 5.7 2 2 0 0 1 5.3 3.5h3.1a2 2 0 0 1 2 1.7c.1 1 .4 2 .7 2.9a2 2 0 0 1-.5 2.1l-1.3 1.3a16 16 0 0 0 5.2 5.2l1.3-1.3a2 2 0 0 1 2.1-.5c.9.3 1.9.6 2.9.7a2 2 0 0 1 1.7 2Z" />
    </svg>
  );
}

export function WaveformIcon({ className = "size-10" }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <path d="M3 10v4M7.5 7v10M12 4v16M16.5 7v10M21 10v4" />
    </svg>
  );
}

export function AlertIcon({ className = "size-10" }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0ZM12 9v4M12 17h.01" />
    </svg>
  );
}

export function SignalIcons() {
  return (
    <span aria-hidden="true" className="flex items-center gap-1.5 text-white/90">
      <svg viewBox="0 0 18 12" className="h-2.5 w-4" fill="currentColor">
        <rect x="0" y="8" width="3" height="4" rx="0.8" />
        <rect x="5" y="5" width="3" height="7" rx="0.8" />
        <rect x="10" y="2.5" width="3" height="9.5" rx="0.8" />
        <rect x="15" y="0" width="3" height="12" rx="0.8" />
      </svg>
      <svg viewBox="0 0 26 12" className="h-2.5 w-5" fill="none" stroke="currentColor">
        <rect x="0.5" y="0.5" width="22" height="11" rx="3" opacity="0.5" />
        <rect x="2.5" y="2.5" width="15" height="7" rx="1.5" fill="currentColor" stroke="none" />
        <path d="M24.5 4v4" strokeLinecap="round" opacity="0.5" />
      </svg>
    </span>
  );
}
