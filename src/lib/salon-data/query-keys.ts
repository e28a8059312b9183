/** TanStack Query keys of the salon and its stylists and services, shared by the screens that show them. */
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

export const assistantKeys = {
  all: ["assistants"] as const,
  lists: () => [...assistantKeys.all, "list"] as const,
};

export const phoneNumberKeys = {
  all: ["phoneNumbers"] as const,
  lists: () => [...phoneNumberKeys.all, "list"] as const,
};
