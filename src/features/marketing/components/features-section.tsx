import type { ComponentType } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { CalendarIcon, ChartIcon, ChatBoltIcon, GlobeIcon, HandoffIcon, LinkIcon, MegaphoneIcon, PhoneIcon } from "./icons.tsx";
import { SectionHeader } from "./section-header.tsx";

/** The spec's eight features; the CRM card is also the navbar's "Integrations" target. */
const FEATURES: { id: string; Icon: ComponentType<{ className?: string }>; anchor?: string }[] = [
  { id: "receptionist", Icon: PhoneIcon },
  { id: "scheduling", Icon: CalendarIcon },
  { id: "handoff", Icon: HandoffIcon },
  { id: "outreach", Icon: MegaphoneIcon },
  { id: "answers", Icon: ChatBoltIcon },
  { id: "crm", Icon: LinkIcon, anchor: "integrations" },
  { id: "languages", Icon: GlobeIcon },
  { id: "analytics", Icon: ChartIcon },
];

export function FeaturesSection() {
  const intl = useIntl();
  const brand = intl.formatMessage({ id: "common.brand" });

  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-16 bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeader
          titleId="features-title"
          eyebrow={<FormattedMessage id="features.eyebrow" />}
          title={<FormattedMessage id="features.title" />}
          lead={<FormattedMessage id="features.lead" values={{ brand }} />}
        />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ id, Icon, anchor }) => (
            <li
              key={id}
              id={anchor}
              // The sticky header would otherwise cover the card when the navbar scrolls to it.
              className="flex scroll-mt-24 flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-100"
            >
              <div className="flex items-center gap-4 sm:flex-col sm:items-start sm:gap-5">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white shadow-md shadow-brand-600/20">
                  <Icon className="size-5" />
                </span>
                <h3 className="min-w-0 font-semibold break-words hyphens-auto text-slate-900">
                  <FormattedMessage id={`features.${id}.title`} />
                </h3>
              </div>
              <p className="mt-2 text-sm leading-6 text-slate-600">
                <FormattedMessage id={`features.${id}.description`} />
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
