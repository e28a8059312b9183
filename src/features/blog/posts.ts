export interface BlogPost {
  /** Path inside a language, e.g. "/blog/hairdresser-pitch"; pages prefix the language. */
  link: string;
  imageUrl: string;
  imageWidth: number;
  imageHeight: number;
  /** The same picture as a JPEG (same size), for link previews, which take no SVG. */
  cardImageUrl: string;
  /** ISO date, shown through FormattedDate in the reader's locale. */
  published: string;
  titleId: string;
  categoryId: string;
  /** The article's lead paragraph, also the teaser on its card. */
  leadId: string;
  /** A shorter summary for search results and link previews. */
  descriptionId: string;
  readingTimeId: string;
  imageAltId: string;
  creditsId: string;
}

export const HAIRDRESSER_PITCH: BlogPost = {
  link: "/blog/hairdresser-pitch",
  imageUrl: "/blog/hairdresser-pitch.svg",
  imageWidth: 1200,
  imageHeight: 630,
  cardImageUrl: "/blog/hairdresser-pitch.jpg",
  published: "2026-10-14",
  titleId: "blog.hairdresserPitch.title",
  categoryId: "blog.category.salons",
  leadId: "blog.hairdresserPitch.lead",
  descriptionId: "blog.hairdresserPitch.description",
  readingTimeId: "blog.hairdresserPitch.readingTime",
  imageAltId: "blog.hairdresserPitch.imageAlt",
  creditsId: "blog.hairdresserPitch.credits",
};

/** Newest first. */
export const POSTS: readonly BlogPost[] = [HAIRDRESSER_PITCH];
