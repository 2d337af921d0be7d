import { FileDown } from "lucide-react";
import { buttonVariants } from "../../components/ui/button";
import type { Download } from "./reports-api";

const labels = { pdf: "PDF", csv: "CSV" } as const;

/** "Download PDF" and "Download CSV" of one list; `what` names the list for screen readers. */
export function DownloadLinks({ downloads, what }: { downloads: Download[]; what: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      {downloads.map((d) => (
        <a
          key={d.format}
          href={d.href}
          download
          className={buttonVariants({ variant: "outline", size: "sm" })}
          aria-label={`Download ${what} as ${labels[d.format]}`}
        >
          <FileDown aria-hidden="true" className="size-4" />
          {labels[d.format]}
        </a>
      ))}
    </div>
  );
}
