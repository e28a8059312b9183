import type { ReactNode } from "react";

type IconProps = { className?: string };

/** Outline icons on a 24 px grid; decorative, so hidden from assistive technology. */
function Svg({ className = "size-6", children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {children}
    </svg>
  );
}

const PHONE_PATH =
  "M21 16.4v3a2 2 0 0 1-2.2 2 19.6 19.6 0 0 1-8.5-3 19.3 19.3 0 0 1-6-6A19.6 19.6 0 0 1 1.3 3.8 2 2 0 0 1 3.3 1.6h3a2 2 0 0 1 2 1.7c.1.9.4 1.9.7 2.8a2 2 0 0 1-.4 2.1L7.3 9.5a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.9.6 2.8.7a2 2 0 0 1 1.5 1.9Z";

export const ToothIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M7.5 3C5 3 3.5 5 3.5 7.3c0 2 .9 3.2 1.5 4.6.7 1.7.8 3.5 1.1 5.3.3 2 .8 3.8 2 3.8 1.4 0 1.6-2 2-3.8.3-1.3.7-2.2 1.9-2.2s1.6.9 1.9 2.2c.4 1.8.6 3.8 2 3.8 1.2 0 1.7-1.8 2-3.8.3-1.8.4-3.6 1.1-5.3.6-1.4 1.5-2.6 1.5-4.6C20.5 5 19 3 16.5 3c-2 0-2.8 1-4.5 1S9.5 3 7.5 3Z" />
  </Svg>
);

export const ScissorsIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="6" cy="6" r="3" />
    <circle cx="6" cy="18" r="3" />
    <path d="M20 4 8.1 15.9M14.5 14.5 20 20M8.1 8.1 12 12" />
  </Svg>
);

export const CarIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="m5 11 1.6-4.1A1.5 1.5 0 0 1 8 6h8a1.5 1.5 0 0 1 1.4.9L19 11" />
    <path d="M3 16v-3a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v3a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1ZM6 17v2.5M18 17v2.5" />
    <path d="M7 14h.01M17 14h.01" strokeWidth="2.6" />
  </Svg>
);

export const UtensilsIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 3v6a2 2 0 0 0 2 2h2a2 2 0 0 0 2-2V3M7 3v18" />
    <path d="M20 15V3a5 5 0 0 0-5 5v5a2 2 0 0 0 2 2h3Zm0 0v6" />
  </Svg>
);

export const BedIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 6v14M3 16h18M21 20v-6a3 3 0 0 0-3-3h-7v5" />
    <circle cx="7" cy="12.5" r="2" />
  </Svg>
);

export const BagIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5.5 8h13l1 13h-15l1-13Z" />
    <path d="M9 11V7a3 3 0 0 1 6 0v4" />
  </Svg>
);

export const PhoneIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d={PHONE_PATH} />
  </Svg>
);

export const CalendarIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="4.5" width="18" height="17" rx="2.5" />
    <path d="M16 2.5v4M8 2.5v4M3 10h18M9 15.5l2 2 4-4" />
  </Svg>
);

export const HandoffIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="9" cy="7" r="4" />
    <path d="M2 21v-1a6 6 0 0 1 6-6h2.5M15 15l3 3-3 3M12 18h6" />
  </Svg>
);

export const MegaphoneIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 10.5v3a1 1 0 0 0 1 1h2l6 4.5v-14L6 9.5H4a1 1 0 0 0-1 1Z" />
    <path d="M16 9a4 4 0 0 1 0 6M19 6a8 8 0 0 1 0 12" />
  </Svg>
);

export const ChatBoltIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M21 12a9 9 0 0 1-13 8l-5 1 1.2-4.6A9 9 0 1 1 21 12Z" />
    <path d="m13 7.5-3 4.5h4l-3 4.5" />
  </Svg>
);

export const LinkIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M9 17H7A5 5 0 0 1 7 7h2M15 7h2a5 5 0 0 1 0 10h-2M8 12h8" />
  </Svg>
);

export const GlobeIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9.5" />
    <path d="M2.5 12h19M12 2.5a14.5 14.5 0 0 1 0 19 14.5 14.5 0 0 1 0-19Z" />
  </Svg>
);

export const ChartIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 3v18h18M7.5 16v-4M12 16V8M16.5 16v-6" />
  </Svg>
);

export const CheckIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M20 6 9 17l-5-5" />
  </Svg>
);

export const CrossIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Svg>
);

export const MinusIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5 12h14" />
  </Svg>
);

export const ArrowRightIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5 12h14m-6-6 6 6-6 6" />
  </Svg>
);

export const SparkleIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 3.5 13.8 9 19.5 11l-5.7 2L12 18.5 10.2 13 4.5 11l5.7-2L12 3.5Z" />
  </Svg>
);
