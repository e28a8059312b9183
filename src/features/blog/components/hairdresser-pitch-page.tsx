import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { PageMeta } from "../../../components/page-meta.tsx";
import { Icon } from "../../../components/icon.tsx";
import { useLanguage } from "../../../i18n/language-context.ts";
import { moneyFormat } from "../../../lib/pricing/money.ts";
import { STARTER, tierPrice } from "../../../lib/pricing/tiers.ts";
import { CALCULATOR } from "../calculator.ts";
import { HAIRDRESSER_PITCH as POST } from "../posts.ts";
import { PostMeta } from "./post-meta.tsx";
import { RevenueCalculator } from "./revenue-calculator.tsx";

const M = "blog.hairdresserPitch";

type Values = Record<string, string | number | ((chunks: ReactNode[]) => ReactNode)>;

function Section({ id, values, children }: { id: string; values: Values; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="mt-14 first:mt-0">
      <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
        <FormattedMessage id={`${M}.${id}.title`} values={values} />
      </h2>
      {children}
    </section>
  );
}

function Paragraphs({ ids, values }: { ids: string[]; values: Values }) {
  return ids.map((id) => (
    <p key={id} className="mt-5 text-lg leading-8 text-slate-700">
      <FormattedMessage id={`${M}.${id}`} values={values} />
    </p>
  ));
}

function List({ ids, values, icon }: { ids: string[]; values: Values; icon: ReactNode }) {
  return (
    <ul className="mt-6 space-y-4">
      {ids.map((id) => (
        <li key={id} className="flex gap-3 text-lg leading-8 text-slate-700">
          {icon}
          <span>
            <FormattedMessage id={`${M}.${id}`} values={values} />
          </span>
        </li>
      ))}
    </ul>
  );
}

const crossIcon = <Icon name="cross" className="mt-1.5 size-5 shrink-0 text-slate-400" />;
const checkIcon = <Icon name="check" className="mt-1.5 size-5 shrink-0 text-brand-600" />;

export function HairdresserPitchPage() {
  const intl = useIntl();
  const { language, localPath } = useLanguage();
  const starterPrice = tierPrice(STARTER, language);
  const values: Values = {
    brand: intl.formatMessage({ id: "common.brand" }),
    price: intl.formatNumber(starterPrice.amount, moneyFormat(starterPrice)),
    minutes: STARTER.minutesIncluded,
    days: CALCULATOR.workingDaysPerYear,
    b: (chunks) => <strong className="font-semibold text-slate-900">{chunks}</strong>,
  };

  return (
    <article className="pb-20 sm:pb-28">
      <PageMeta
        titleId={POST.titleId}
        descriptionId={POST.descriptionId}
        type="article"
        image={{ url: POST.cardImageUrl, width: POST.imageWidth, height: POST.imageHeight }}
      />
      <header className="bg-gradient-to-b from-brand-50/70 to-white">
        <div className="mx-auto max-w-3xl px-4 pt-10 pb-10 sm:px-6 sm:pt-16">
          <Link to={localPath("/blog")} className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-600">
            <Icon name="arrowBack" className="size-4" />
            <FormattedMessage id="blog.article.back" />
          </Link>
          <div className="mt-8">
            <PostMeta post={POST} />
          </div>
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl sm:leading-tight">
            <FormattedMessage id={POST.titleId} />
          </h1>
          <p className="mt-6 text-xl leading-8 text-pretty text-slate-600">
            <FormattedMessage id={POST.leadId} />
          </p>
        </div>
      </header>

      <figure className="mx-auto max-w-5xl px-4 sm:px-6">
        <img
          src={POST.imageUrl}
          alt={intl.formatMessage({ id: POST.imageAltId })}
          width={POST.imageWidth}
          height={POST.imageHeight}
          className="aspect-[40/21] w-full rounded-2xl object-cover shadow-lg ring-1 ring-slate-200"
        />
        <figcaption className="mt-3 text-right text-xs text-slate-500">
          <FormattedMessage id={POST.creditsId} values={values} />
        </figcaption>
      </figure>

      <div className="mx-auto mt-14 max-w-3xl px-4 sm:px-6">
        <Section id="ringing" values={values}>
          <Paragraphs ids={["ringing.p1", "ringing.p2"]} values={values} />
        </Section>
        <Section id="callback" values={values}>
          <Paragraphs ids={["callback.p1", "callback.p2", "callback.p3"]} values={values} />
        </Section>
        <Section id="cost" values={values}>
          <Paragraphs ids={["cost.p1"]} values={values} />
          {/* Wider than the text column on large screens, so big crown amounts fit beside the sliders. */}
          <div className="lg:-mx-28">
            <RevenueCalculator />
          </div>
          <Paragraphs ids={["cost.p2"]} values={values} />
        </Section>
        <Section id="fixes" values={values}>
          <List ids={["fixes.voicemail", "fixes.receptionist", "fixes.online"]} values={values} icon={crossIcon} />
        </Section>
        <Section id="solution" values={values}>
          <Paragraphs ids={["solution.p1"]} values={values} />
          <List
            ids={["solution.booking", "solution.answers", "solution.handoff", "solution.outreach", "solution.languages", "solution.summaries"]}
            values={values}
            icon={checkIcon}
          />
          <Paragraphs ids={["solution.p2"]} values={values} />
        </Section>
        <Section id="payback" values={values}>
          <Paragraphs ids={["payback.p1"]} values={values} />
        </Section>

        <aside aria-labelledby="pitch-cta" className="mt-16 rounded-2xl bg-gradient-to-br from-brand-600 to-brand-700 px-6 py-10 text-center text-white shadow-xl sm:px-12">
          <h2 id="pitch-cta" className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
            <FormattedMessage id={`${M}.cta.title`} />
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-brand-100">
            <FormattedMessage id={`${M}.cta.text`} values={values} />
          </p>
          <Link
            to={localPath("/")}
            className="mt-8 inline-flex items-center gap-2 rounded-lg bg-white px-6 py-3 font-semibold text-brand-700 shadow-sm hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <FormattedMessage id={`${M}.cta.button`} values={values} />
            <Icon name="arrow" className="size-4" />
          </Link>
        </aside>
      </div>
    </article>
  );
}
