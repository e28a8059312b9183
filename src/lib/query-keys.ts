/**
 * TanStack Query keys of one kind of thing, each under the one before, so invalidating `all`
 * (or `lists()`) reaches every list and detail below it. Features add their own keys under `all`.
 */
export function queryKeys<const Name extends string>(name: Name) {
  const all = [name] as const;
  return {
    all,
    lists: () => [...all, "list"] as const,
    list: <Params>(params: Params) => [...all, "list", params] as const,
    details: () => [...all, "detail"] as const,
    detail: (id: string) => [...all, "detail", id] as const,
  };
}

/**
 * The dashboard's first steps, read from the salon's data: whatever saves or a finished call
 * may tick one, so screens outside the checklist refresh it too.
 */
export const setupProgressKeys = queryKeys("setupProgress");

/** A salon's client records: the list's searches and each client's page. */
export const clientKeys = queryKeys("clients");
