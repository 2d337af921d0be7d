import { useEffect } from "react";
import { Link } from "wouter";
import { buttonVariants } from "../../components/ui/button";

export const NOT_FOUND_TITLE = "404 Page Not Found";

/** Kept in the entry bundle (it is tiny) so an unknown path never waits for another download. */
export function NotFoundPage() {
  useEffect(() => {
    const previous = document.title;
    document.title = NOT_FOUND_TITLE;
    return () => {
      document.title = previous;
    };
  }, []);

  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-primary sm:text-4xl">{NOT_FOUND_TITLE}</h1>
      <p className="text-lg text-muted-foreground">
        Sorry, we could not find that page. It may have moved, or the link may be mistyped.
      </p>
      <Link href="/" className={buttonVariants()}>
        Back to the home page
      </Link>
    </main>
  );
}
