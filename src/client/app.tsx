import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Toaster } from "./components/ui/toast";
import { queryClient as browserQueryClient } from "./lib/query-client";
import { AppRouter } from "./routes";

export interface AppProps {
  /** The prerender passes a fresh client per render; the browser uses the shared one. */
  queryClient?: QueryClient;
  /** Path to render when there is no browser location (the prerender). */
  ssrPath?: string;
}

export function App({ queryClient = browserQueryClient, ssrPath }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouter ssrPath={ssrPath} />
      <Toaster />
    </QueryClientProvider>
  );
}
