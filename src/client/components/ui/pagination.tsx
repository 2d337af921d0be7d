import { Button } from "./button";

const numberFormat = new Intl.NumberFormat("en-GB");

type PageData = { total: number; page: number; pageSize: number; itemCount: number; totalIsEstimate?: boolean };

/**
 * Previous / Next for a server-paginated list, with "Showing 1–25 of 1,234 {noun}s". The noun is
 * singular; "s" is added for other counts.
 */
export function ListPagination({
  data,
  noun,
  label,
  onPage,
}: {
  data: PageData;
  noun: string;
  /** Accessible name of the navigation, e.g. "Subscribers pages". */
  label: string;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const first = data.total === 0 ? 0 : (data.page - 1) * data.pageSize + 1;
  const last = (data.page - 1) * data.pageSize + data.itemCount;
  const about = data.totalIsEstimate ? "about " : "";
  // With an estimated total the last page is not known exactly: a short page is the end.
  const hasNext = data.totalIsEstimate ? data.itemCount === data.pageSize : data.page < pages;
  return (
    <nav aria-label={label} className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {data.total === 0
          ? `No ${noun}s`
          : `Showing ${numberFormat.format(first)}–${numberFormat.format(last)} of ${about}${numberFormat.format(data.total)} ${data.total === 1 ? noun : `${noun}s`}`}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={data.page <= 1} onClick={() => onPage(data.page - 1)}>
          Previous
        </Button>
        <span className="text-sm whitespace-nowrap">
          Page {numberFormat.format(data.page)} of {about}
          {numberFormat.format(pages)}
        </span>
        <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => onPage(data.page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
