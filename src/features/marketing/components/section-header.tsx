import type { ReactNode } from "react";

/** The shared opening of every marketing section: eyebrow, the section's h2 and a lead. */
export function SectionHeader({ titleId, eyebrow, title, lead }: { titleId: string; eyebrow: ReactNode; title: ReactNode; lead?: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{eyebrow}</p>
      <h2 id={titleId} className="mt-3 text-3xl font-bold tracking-tight text-balance hyphens-auto text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {lead && <p className="mt-4 text-lg text-pretty text-slate-600">{lead}</p>}
    </div>
  );
}
