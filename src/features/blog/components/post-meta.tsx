import { FormattedDate, FormattedMessage } from "react-intl";
import type { BlogPost } from "../posts.ts";

/** Category, date and reading time, as the blog cards and the article header show them. */
export function PostMeta({ post }: { post: BlogPost }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
      <span className="rounded-full bg-brand-50 px-2.5 py-0.5 font-medium text-brand-700">
        <FormattedMessage id={post.categoryId} />
      </span>
      <time dateTime={post.published}>
        <FormattedDate value={post.published} dateStyle="long" timeZone="UTC" />
      </time>
      {/* The separator wraps with the reading time, never alone at a line end. */}
      <span className="flex items-center gap-x-3">
        <span aria-hidden="true">·</span>
        <FormattedMessage id={post.readingTimeId} />
      </span>
    </p>
  );
}
