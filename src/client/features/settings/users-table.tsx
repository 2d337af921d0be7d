import { type ReactNode, useId, useState } from "react";
import { businessTimeZone, type Role, roles } from "../../../shared/constants";
import { displayName } from "../../../shared/display/people";
import { formatInstant } from "../../../shared/display/time";
import type { SetPasswordLinkSent, UpdateUserInput, UserDto } from "../../../shared/schemas/users";
import { Button } from "../../components/ui/button";
import { DataTable } from "../../components/ui/data-table";
import { NativeSelect } from "../../components/ui/native-select";
import { InputField, lazySchema, useSchemaForm } from "../../components/ui/rhf-fields";
import { useAuth } from "../../lib/use-auth";
import { useWrite } from "../../lib/use-write";
import { auditLogsPath } from "../audit/audit-api";
import { OneTimeLink } from "./one-time-link";
import { setPasswordLinkPath, userPath, usersPath, useUsers } from "./settings-api";

const setPasswordSchema = lazySchema(() => import("../../../shared/schemas/users").then((m) => m.setPasswordSchema));

function useUpdateUser() {
  return useWrite<{ id: string; patch: UpdateUserInput }, UserDto>({
    request: ({ id, patch }) => ({ method: "PATCH", path: userPath(id), body: patch }),
    success: (user, { patch }) => {
      const what = patch.password
        ? "Password changed; their other sessions have been signed out."
        : patch.isActive === false
          ? `${user.email} has been deactivated and signed out.`
          : patch.isActive === true
            ? `${user.email} can sign in again.`
            : `${user.email} is now ${user.role}.`;
      return { title: "User updated", description: what };
    },
    failure: "Failed to update user",
    refresh: [usersPath, auditLogsPath],
  });
}

/** Emails the user a single-use link to choose their own password (earlier links stop working). */
function useSendSetPasswordLink() {
  return useWrite<UserDto, SetPasswordLinkSent>({
    request: (user) => ({ method: "POST", path: setPasswordLinkPath(user.id) }),
    success: (sent) =>
      sent.setPasswordUrl
        ? {
            title: "Set-password link ready",
            description: `Email is not set up, so copy ${sent.email}'s link below and send it to them yourself. Earlier links no longer work.`,
          }
        : {
            title: "Set-password link sent",
            description: `We emailed ${sent.email} a link to set their password. It works once and expires in 72 hours; earlier links no longer work.`,
          },
    failure: "Failed to send link",
    refresh: [auditLogsPath],
  });
}

function SetPasswordForm({ user, onDone }: { user: UserDto; onDone: () => void }) {
  const id = useId();
  // The message is checked again on the next submit only, not as the owner types.
  const form = useSchemaForm(setPasswordSchema, { password: "" }, { reValidateMode: "onSubmit" });
  const update = useUpdateUser();
  const submit = form.handleSubmit(({ password }) =>
    update.mutate({ id: user.id, patch: { password } }, { onSuccess: onDone }),
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <InputField
        form={form}
        name="password"
        id={id}
        label={<>New password for {user.email}</>}
        type="password"
        autoComplete="new-password"
        className="flex-1"
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={update.isPending}>
          Save password
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function UserRow({ user, isSelf }: { user: UserDto; isSelf: boolean }) {
  const update = useUpdateUser();
  const sendLink = useSendSetPasswordLink();
  const [settingPassword, setSettingPassword] = useState(false);
  const revealedUrl = sendLink.data?.setPasswordUrl;
  return (
    <>
      <tr className="border-t border-border align-middle">
        <td className="px-3 py-3 font-medium whitespace-nowrap">
          {displayName(user)}
          {isSelf ? <span className="ml-1 text-muted-foreground">(you)</span> : null}
        </td>
        <td className="px-3 py-3 whitespace-nowrap">{user.email}</td>
        <td className="px-3 py-3">
          <NativeSelect
            aria-label={`Role for ${user.email}`}
            value={user.role}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ id: user.id, patch: { role: e.target.value as Role } })}
            className="h-9 min-w-28"
          >
            {roles.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </NativeSelect>
        </td>
        <td className="px-3 py-3">
          <span
            className={
              user.isActive
                ? "rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold text-primary"
                : "rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground"
            }
          >
            {user.isActive ? "Active" : "Inactive"}
          </span>
        </td>
        <td className="px-3 py-3 whitespace-nowrap text-muted-foreground">
          {formatInstant(user.lastLoginAt, businessTimeZone, "Never")}
        </td>
        <td className="px-3 py-3">
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant={user.isActive ? "outline" : "default"}
              disabled={update.isPending}
              aria-label={`${user.isActive ? "Deactivate" : "Reactivate"} ${user.email}`}
              onClick={() => update.mutate({ id: user.id, patch: { isActive: !user.isActive } })}
            >
              {user.isActive ? "Deactivate" : "Reactivate"}
            </Button>
            <Button
              size="sm"
              variant="outline"
              aria-expanded={settingPassword}
              aria-label={`Set password for ${user.email}`}
              onClick={() => setSettingPassword((v) => !v)}
            >
              Set password
            </Button>
            {user.isActive ? (
              <Button
                size="sm"
                variant="outline"
                disabled={sendLink.isPending}
                aria-label={`Send set-password link to ${user.email}`}
                onClick={() => sendLink.mutate(user)}
              >
                {sendLink.isPending ? "Sending..." : "Send set-password link"}
              </Button>
            ) : null}
          </div>
        </td>
      </tr>
      {settingPassword ? (
        <RowPanel>
          <SetPasswordForm user={user} onDone={() => setSettingPassword(false)} />
        </RowPanel>
      ) : null}
      {revealedUrl ? (
        <RowPanel>
          <OneTimeLink email={user.email} url={revealedUrl} onDone={() => sendLink.reset()} />
        </RowPanel>
      ) : null}
    </>
  );
}

/**
 * A form or notice under a user's row. The table scrolls sideways on a phone; the panel stays put
 * at the visible width (the scroller is its container), so it is never cut off on the left.
 */
function RowPanel({ children }: { children: ReactNode }) {
  return (
    <tr>
      <td colSpan={6} className="px-3 pb-4">
        <div className="sticky left-3 w-[calc(100cqw-1.5rem)]">{children}</div>
      </td>
    </tr>
  );
}

export function UsersTable() {
  const { user: me } = useAuth();
  const { data, isLoading, error } = useUsers();
  if (isLoading) return <p role="status">Loading users…</p>;
  if (error || !data) return <p role="alert">Unable to load users.</p>;
  return (
    <div className="@container overflow-x-auto">
      <DataTable
        caption="Users who can sign in to the back office"
        columns={["Name", "Email", "Role", "Status", "Last sign-in", "Actions"]}
        variant="plain"
        className="min-w-[56rem]"
      >
        {data.map((user) => (
          <UserRow key={user.id} user={user} isSelf={user.id === me?.id} />
        ))}
      </DataTable>
    </div>
  );
}
