import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { PageMeta } from "../../../components/page-meta.tsx";
import { Icon } from "../../../components/icon.tsx";
import { useLanguage } from "../../../i18n/language-context.ts";
import { POSTS, type BlogPost } from "../posts.ts";
import { PostMeta } from "./post-meta.tsx";

/** The newest post spans the row, beside its image on large screens. */
function PostCard({ post, featured }: { post: BlogPost; featured: boolean }) {
  const intl = useIntl();
  const { localPath } = useLanguage();
  return (
    <li className={featured ? "md:col-span-2 lg:col-span-3" : ""}>
      <Link
        to={localPath(post.link)}
        className={`group grid h-full overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-lg hover:ring-brand-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
          featured ? "lg:grid-cols-[3fr_2fr]" : ""
        }`}
      >
        <img
          src={post.imageUrl}
          alt={intl.formatMessage({ id: post.imageAltId })}
          width={post.imageWidth}
          height={post.imageHeight}
          className="aspect-[40/21] h-full w-full object-cover transition duration-300 group-hover:scale-[1.02]"
        />
        <div className={`flex flex-col gap-4 p-6 ${featured ? "lg:justify-center lg:p-10" : ""}`}>
          <PostMeta post={post} />
          <h2 className={`font-bold tracking-tight text-balance text-slate-900 group-hover:text-brand-700 ${featured ? "text-2xl xl:text-3xl" : "text-xl"}`}>
            <FormattedMessage id={post.titleId} />
          </h2>
          <p className="line-clamp-3 text-base leading-7 text-slate-600">
            <FormattedMessage id={post.leadId} />
          </p>
          <span className="mt-auto inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700">
            <FormattedMessage id="blog.card.read" />
            <Icon name="arrow" className="size-4 transition group-hover:translate-x-0.5" />
          </span>
        </div>
      </Link>
    </li>
  );
}

export function BlogIndexPage() {
  return (
    <div className="bg-gradient-to-b from-brand-50/60 to-white">
      <PageMeta titleId="blog.index.title" descriptionId="blog.index.subtitle" />
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24">
        <header className="max-w-3xl">
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">
            <FormattedMessage id="blog.index.eyebrow" />
          </p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
            <FormattedMessage id="blog.index.title" />
          </h1>
          <p className="mt-4 text-lg leading-8 text-pretty text-slate-600">
            <FormattedMessage id="blog.index.subtitle" />
          </p>
        </header>
        <ul className="mt-12 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {POSTS.map((post, index) => (
            <PostCard key={post.link} post={post} featured={index === 0} />
          ))}
        </ul>
      </div>
    </div>
  );
}
