import { Component, type ReactNode } from "react";
import { Button } from "./ui/button";

interface State {
  failed: boolean;
}

/**
 * Catches a page chunk that fails to download (offline, or an old tab after a deploy removed
 * its files) so the visitor gets a way out instead of a blank screen.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  // Navigating elsewhere gives the next page a fresh chance to load.
  componentDidUpdate(previous: { resetKey: string }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-6 py-16 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-primary">Unable to Load</h1>
        <p className="text-lg text-muted-foreground">Something went wrong while loading this page.</p>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </main>
    );
  }
}
