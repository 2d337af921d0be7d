import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Toaster } from "./components/ui/toast";
import { LandingSourceContext } from "./features/landing/lib/landing-source";
import { querySource } from "./features/landing/query-source";
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
      {/* A client-side visit to "/" reads the landing page's data through this app's query cache. */}
      <LandingSourceContext value={querySource}>
        <AppRouter ssrPath={ssrPath} />
      </LandingSourceContext>
      <Toaster />
    </QueryClientProvider>
  );
}
