import * as Tabs from "@radix-ui/react-tabs";
import { cn } from "../../lib/cn";

const looks = {
  /** Pills on a muted track: the dashboard's tabs and the tabs inside a section. */
  pill: {
    list: "inline-flex gap-1 rounded-lg bg-muted p-1",
    tab: cn(
      "rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground",
      "hover:text-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm",
      "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
    ),
  },
  /** An underline under the open tab: a tab's own sections (the Waitlist tab's email sections). */
  underline: {
    list: "inline-flex gap-1 border-b border-border",
    tab: cn(
      "-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground",
      "hover:text-foreground data-[state=active]:border-primary data-[state=active]:text-foreground",
      "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
    ),
  },
} as const;

/** The row of tabs of a Radix `Tabs.Root`, one per entry of `tabs`, named by `label`. */
export function TabList({
  label,
  tabs,
  look = "pill",
  className,
}: {
  label: string;
  tabs: readonly { value: string; label: string }[];
  look?: keyof typeof looks;
  className?: string;
}) {
  return (
    <Tabs.List aria-label={label} className={cn(looks[look].list, className)}>
      {tabs.map((tab) => (
        <Tabs.Trigger key={tab.value} value={tab.value} className={looks[look].tab}>
          {tab.label}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}
