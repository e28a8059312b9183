import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api, read } from "../../../lib/api-client.ts";
import { setupProgressKeys } from "../../../lib/query-keys.ts";

/**
 * The salon's first steps, read afresh whenever the dashboard opens (the salon settings are
 * saved outside it) and after any change saved on one of its screens (a service, an
 * assistant, a number), each of which may tick a step. A finished test call refreshes them
 * through setupProgressKeys.
 */
export function useSetupProgress() {
  const client = useQueryClient();
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type === "updated" && event.action.type === "success") void client.invalidateQueries({ queryKey: setupProgressKeys.all });
      }),
    [client],
  );
  return useQuery({
    queryKey: setupProgressKeys.details(),
    queryFn: () => read(api.dashboard["setup-progress"].$get()),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}
