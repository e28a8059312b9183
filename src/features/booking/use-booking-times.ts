import { useInfiniteQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import type { BookingTimes } from "../../../contract/booking-page.ts";
import type { Language } from "../../../contract/languages.ts";
import { loadTimes } from "./api.ts";
import { BOOKING_LIMITS } from "../../../contract/booking-limits.ts";

/**
 * The free times of the services and stylist chosen, from the salon's today, two weeks at a
 * time: `fetchNextPage` adds the next weeks up to the horizon (`next` is null at its end), and
 * `withdraw` takes a time that went away out at once and reads them all again. Each choice is a
 * query of its own.
 */
export function useBookingTimes({ slug, language, services, stylist, firstDay, enabled }: {
  slug: string;
  language: Language;
  services: string[];
  stylist: string | null;
  firstDay: string;
  enabled: boolean;
}) {
  const client = useQueryClient();
  const queryKey = ["booking", slug, "times", services, stylist];
  const times = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => loadTimes(slug, language, { services, stylist, from: pageParam, days: BOOKING_LIMITS.daysPerRequest }, signal),
    initialPageParam: firstDay,
    getNextPageParam: (last) => last.next,
    enabled,
    // Free times change as others book: what a visitor comes back to is read again.
    staleTime: 0,
  });
  // The time refused must not stay on offer while the fresh ones are on their way.
  const withdraw = (start: string) => {
    client.setQueryData<InfiniteData<BookingTimes>>(queryKey, (data) =>
      data && { ...data, pages: data.pages.map((page) => ({ ...page, days: page.days.map((day) => ({ ...day, times: day.times.filter((time) => time !== start) })) })) },
    );
    void times.refetch();
  };
  return { ...times, withdraw, days: times.data?.pages.flatMap((page) => page.days) };
}

export type BookingTimesState = ReturnType<typeof useBookingTimes>;
