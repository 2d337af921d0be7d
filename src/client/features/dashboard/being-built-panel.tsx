import { Construction } from "lucide-react";
import { Card, CardContent } from "../../components/ui/card";

/** Stand-in for a tab whose screen is not built yet. */
export function BeingBuiltPanel({ title }: { title: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
        <Construction aria-hidden="true" className="size-8 text-muted-foreground" />
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="max-w-md text-muted-foreground">This area is being built. Please check back soon.</p>
      </CardContent>
    </Card>
  );
}
