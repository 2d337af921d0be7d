import { Link } from "wouter";
import { buttonVariants } from "../../components/ui/button";
import { Card, CardContent, CardHeader } from "../../components/ui/card";

/** Shown by a portal to a signed-in user of another role; links back to '/'. */
export function AccessDeniedCard({ message }: { message: string }) {
  return (
    <main className="mx-auto flex min-h-screen max-w-md items-center px-4 py-16">
      <Card className="w-full">
        <CardHeader>
          <h1 className="text-lg font-semibold leading-tight">Access Denied</h1>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p className="text-muted-foreground">{message}</p>
          <Link href="/" className={buttonVariants({ className: "self-start" })}>
            Return to Home
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
