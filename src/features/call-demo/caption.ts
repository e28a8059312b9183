import { CAPTION_MAX } from "./constants.ts";

/**
 * The phone's caption line: long assistant messages are cut and end in an ellipsis.
 * Counts code points so an emoji is never split in half.
 */
export function truncateCaption(text: string, max = CAPTION_MAX): string {
  const characters = Array.from(text);
  return characters.length > max ? `${characters.slice(0, max).join("")}…` : text;
}
