import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { AuditLogPanel } from "../audit/audit-log-panel";
import { CreateUserForm } from "./create-user-form";
import { PrivacySection } from "./privacy-section";
import { RetreatsSection } from "./retreats-section";
import { SettingsForm } from "./settings-form";
import { UsersTable } from "./users-table";

/** The dashboard's Settings tab (owner only; the server refuses everyone else). */
export function SettingsTab() {
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Users</CardTitle>
          <CardDescription>
            Who can sign in, and with which role. Deactivating someone signs them out everywhere.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-8">
          <UsersTable />
          <section aria-labelledby="create-user-heading" className="flex flex-col gap-4 border-t border-border pt-6">
            <h3 id="create-user-heading" className="text-base font-semibold">
              Create user
            </h3>
            <CreateUserForm />
          </section>
        </CardContent>
      </Card>
      <RetreatsSection />
      <Card>
        <CardHeader>
          <CardTitle as="h2">Retreat defaults</CardTitle>
          <CardDescription>Used for new retreats and for prices shown in the back office.</CardDescription>
        </CardHeader>
        <CardContent>
          <SettingsForm />
        </CardContent>
      </Card>
      <PrivacySection />
      <AuditLogPanel />
    </div>
  );
}
