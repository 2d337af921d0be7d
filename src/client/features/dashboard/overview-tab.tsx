import { CalendarDays, ClipboardCheck, Download, Mail, Users } from "lucide-react";
import { Button, buttonVariants } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { applicationsPath } from "../applications/admin/list-query";
import type { DashboardTab } from "./dashboard-tabs";

/** Quick actions and (for now) a placeholder for the recent-activity feed (spec section 2). */
export function OverviewTab({ onOpen }: { onOpen: (tab: DashboardTab) => void }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Quick actions</CardTitle>
          <CardDescription>Jump to the work that needs doing.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 sm:grid-cols-2">
          <Button variant="outline" onClick={() => onOpen("applications")}>
            <Users aria-hidden="true" className="size-4" />
            Review applications
          </Button>
          <a href={`${applicationsPath}/export`} download className={buttonVariants({ variant: "outline" })}>
            <Download aria-hidden="true" className="size-4" />
            Export applications
          </a>
          <Button variant="outline" onClick={() => onOpen("interviews")}>
            <CalendarDays aria-hidden="true" className="size-4" />
            Interviews
          </Button>
          <Button variant="outline" onClick={() => onOpen("waitlist")}>
            <Mail aria-hidden="true" className="size-4" />
            Email waitlist
          </Button>
          <Button variant="outline" onClick={() => onOpen("tasks")} className="sm:col-span-2">
            <ClipboardCheck aria-hidden="true" className="size-4" />
            Tasks
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Recent activity</CardTitle>
          <CardDescription>New applications, stage changes and payments.</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-muted-foreground">Recent activity will appear here.</p>
        </CardContent>
      </Card>
    </div>
  );
}
