/** TanStack Query keys of the salon's settings: all / lists() / detail(). */
export const salonKeys = {
  all: ["salon"] as const,
  detail: () => [...salonKeys.all, "detail"] as const,
};

export const stylistKeys = {
  all: ["stylists"] as const,
  lists: () => [...stylistKeys.all, "list"] as const,
};

export const serviceKeys = {
  all: ["services"] as const,
  lists: () => [...serviceKeys.all, "list"] as const,
};
