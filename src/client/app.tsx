import { QueryClientProvider } from "@tanstack/react-query";
import { Toaster } from "./components/ui/toast";
import { queryClient } from "./lib/query-client";
import { AppRouter } from "./routes";

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouter />
      <Toaster />
    </QueryClientProvider>
  );
}
