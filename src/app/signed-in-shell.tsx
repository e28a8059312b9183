import "../dashboard.css";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Outlet } from "react-router";
import { forgetOnSignOut } from "../lib/auth/session.ts";

// One cache for the signed-in screens, loaded with them and never on the public pages.
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});
forgetOnSignOut(() => queryClient.clear());

export function SignedInShell() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
