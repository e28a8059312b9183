import { useInfiniteQuery } from "@tanstack/react-query";
import type { Language } from "../../../contract/languages.ts";
import { loadTimes } from "./api.ts";
import { BOOKING_LIMITS } from "../../../contract/booking-limits.ts";

/**
 * The free times of the services and stylist chosen, from the salon's today, two weeks at a
 * time: `fetchNextPage` adds the next weeks up to the horizon (`next` is null at its end), and
 * `refetch` reads them all again (a time just taken). Each choice is a query of its own.
 */
export function useBookingTimes({ slug, language, services, stylist, firstDay, enabled }: {
  slug: string;
  language: Language;
  services: string[];
  stylist: string | null;
  firstDay: string;
  enabled: boolean;
}) {
  const times = useInfiniteQuery({
    queryKey: ["booking", slug, "times", services, stylist],
    queryFn: ({ pageParam, signal }) => loadTimes(slug, language, { services, stylist, from: pageParam, days: BOOKING_LIMITS.daysPerRequest }, signal),
    initialPageParam: firstDay,
    getNextPageParam: (last) => last.next,
    enabled,
    // Free times change as others book: what a visitor comes back to is read again.
    staleTime: 0,
  });
  return { ...times, days: times.data?.pages.flatMap((page) => page.days) };
}

export type BookingTimesState = ReturnType<typeof useBookingTimes>;
