import type { ComponentType, ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { Button } from "../../../components/button.tsx";
import { useContactModal } from "../../../components/contact/contact-context.ts";
import { useLanguage } from "../../../i18n/language-context.ts";
import { ArrowRightIcon, BagIcon, BedIcon, CarIcon, ScissorsIcon, ToothIcon, UtensilsIcon } from "./icons.tsx";
import { SectionHeader } from "./section-header.tsx";

/** Only the hairdresser case has its own article; the others start a sales conversation about that business. */
const USE_CASES: { id: string; Icon: ComponentType<{ className?: string }>; article?: string }[] = [
  { id: "dentists", Icon: ToothIcon },
  { id: "hairdressers", Icon: ScissorsIcon, article: "/blog/hairdresser-pitch" },
  { id: "auto", Icon: CarIcon },
  { id: "restaurants", Icon: UtensilsIcon },
  { id: "hotels", Icon: BedIcon },
  { id: "stores", Icon: BagIcon },
];

const readMoreClass =
  "group mt-6 inline-flex items-center gap-1.5 self-start rounded-md text-sm font-semibold text-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

function ReadMoreLabel({ title }: { title: string }) {
  return (
    <>
      <FormattedMessage
        id="useCases.readMore"
        values={{ useCase: title, sr: (chunks: ReactNode[]) => <span className="sr-only">{chunks}</span> }}
      />
      <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
    </>
  );
}

function UseCaseCard({ id, Icon, article }: (typeof USE_CASES)[number]) {
  const intl = useIntl();
  const { localPath } = useLanguage();
  const openContact = useContactModal();
  const title = intl.formatMessage({ id: `useCases.${id}.title` });
  const brand = intl.formatMessage({ id: "common.brand" });

  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-100 hover:shadow-lg">
      <div className="flex items-center gap-4 sm:flex-col sm:items-start sm:gap-5">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <Icon className="size-6" />
        </span>
        <h3 className="min-w-0 text-lg font-semibold break-words hyphens-auto text-slate-900">{title}</h3>
      </div>
      <p className="mt-2 flex-1 text-slate-600">
        <FormattedMessage id={`useCases.${id}.tagline`} />
      </p>
      {article ? (
        <Link to={localPath(article)} className={readMoreClass}>
          <ReadMoreLabel title={title} />
        </Link>
      ) : (
        <button
          type="button"
          className={readMoreClass}
          onClick={() => openContact({ mode: "sales", prefilledMessage: intl.formatMessage({ id: `useCases.${id}.prefill` }, { brand }) })}
        >
          <ReadMoreLabel title={title} />
        </button>
      )}
    </li>
  );
}

export function UseCasesSection() {
  const intl = useIntl();
  const openContact = useContactModal();
  const brand = intl.formatMessage({ id: "common.brand" });

  return (
    <section id="use-cases" aria-labelledby="use-cases-title" className="scroll-mt-16 bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeader
          titleId="use-cases-title"
          eyebrow={<FormattedMessage id="useCases.eyebrow" />}
          title={<FormattedMessage id="useCases.title" />}
          lead={<FormattedMessage id="useCases.lead" values={{ brand }} />}
        />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {USE_CASES.map((useCase) => (
            <UseCaseCard key={useCase.id} {...useCase} />
          ))}
        </ul>

        <div className="mt-14 flex flex-col items-center gap-5 rounded-3xl bg-slate-50 px-6 py-10 text-center ring-1 ring-slate-200">
          <p className="max-w-2xl text-lg text-pretty text-slate-700">
            <FormattedMessage id="useCases.cta.lead" values={{ brand }} />
          </p>
          <Button variant="cta" size="xl" onClick={() => openContact({ mode: "sales" })}>
            <FormattedMessage id="useCases.cta.contactSales" />
          </Button>
          <p className="text-sm text-slate-600">
            <FormattedMessage
              id="useCases.cta.notListed"
              values={{
                link: (chunks: ReactNode[]) => (
                  <button
                    type="button"
                    onClick={() =>
                      openContact({ mode: "support", prefilledMessage: intl.formatMessage({ id: "useCases.custom.prefill" }, { brand }) })
                    }
                    className="rounded font-semibold text-brand-600 underline decoration-brand-600/30 underline-offset-4 hover:text-brand-700 hover:decoration-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                  >
                    {chunks}
                  </button>
                ),
              }}
            />
          </p>
        </div>
      </div>
    </section>
  );
}
