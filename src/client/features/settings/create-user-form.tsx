import { useId } from "react";
import { Controller } from "react-hook-form";
import { roles } from "../../../shared/constants";
import { minPasswordLength } from "../../../shared/password-rules";
import type { CreatedUser, CreateUserInput } from "../../../shared/schemas/users";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { lazySchema, useSchemaForm } from "../../components/ui/rhf-fields";
import { useWrite } from "../../lib/use-write";
import { auditLogsPath } from "../audit/audit-api";
import { OneTimeLink } from "./one-time-link";
import { usersPath } from "./settings-api";

const createUserSchema = lazySchema(() => import("../../../shared/schemas/users").then((m) => m.createUserSchema));

const empty: CreateUserInput = {
  email: "",
  firstName: "",
  lastName: "",
  role: "staff",
  password: "",
  sendSetPasswordLink: false,
};

export function CreateUserForm() {
  const id = useId();
  // shouldUnregister: the password field is removed while "email a link" is chosen, and so is
  // its value, so the body carries either a password or the link choice, never both.
  const form = useSchemaForm(createUserSchema, empty, { shouldUnregister: true, shouldFocusError: true });
  const errors = form.formState.errors;
  const sendLink = form.watch("sendSetPasswordLink") === true;

  const create = useWrite<CreateUserInput, CreatedUser>({
    // The API takes a password or `sendSetPasswordLink: true`; an unticked box is left out.
    request: ({ sendSetPasswordLink, ...fields }) => ({
      method: "POST",
      path: usersPath,
      body: sendSetPasswordLink ? { ...fields, sendSetPasswordLink: true } : fields,
    }),
    success: (user, body) => ({
      title: "User created",
      description: user.setPasswordUrl
        ? `Email is not set up, so copy ${user.email}'s set-password link below and send it to them yourself.`
        : body.sendSetPasswordLink
          ? `We emailed ${user.email} a link to set their password. It works once and expires in 72 hours.`
          : `${user.email} can now sign in.`,
    }),
    failure: "Failed to create user",
    refresh: [usersPath, auditLogsPath],
    onSuccess: () => form.reset(empty),
  });

  const revealed = create.data?.setPasswordUrl ? { email: create.data.email, url: create.data.setPasswordUrl } : null;
  return (
    <>
      <form
        noValidate
        aria-label="Create user"
        onSubmit={form.handleSubmit((values) => create.mutate(values))}
        className="grid gap-4 sm:grid-cols-2"
      >
        <FormField id={`${id}-email`} name="email" label="Email" required error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="off" {...form.register("email")} />}
        </FormField>
        <FormField id={`${id}-role`} name="role" label="Role" required error={errors.role?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register("role")}>
              {roles.map((role) => (
                <option key={role} value={role}>
                  {role[0]!.toUpperCase() + role.slice(1)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id={`${id}-first`} name="firstName" label="First name" required error={errors.firstName?.message}>
          {(control) => <Input {...control} autoComplete="off" {...form.register("firstName")} />}
        </FormField>
        <FormField id={`${id}-last`} name="lastName" label="Last name" required error={errors.lastName?.message}>
          {(control) => <Input {...control} autoComplete="off" {...form.register("lastName")} />}
        </FormField>
        <div className="flex items-start gap-3 sm:col-span-2">
          <Controller
            control={form.control}
            name="sendSetPasswordLink"
            render={({ field }) => (
              <Checkbox
                id={`${id}-link`}
                name={field.name}
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                aria-describedby={`${id}-link-hint`}
                className="mt-0.5"
              />
            )}
          />
          <div className="grid gap-1">
            <Label htmlFor={`${id}-link`}>Send a set-password link by email instead</Label>
            <p id={`${id}-link-hint`} className="text-sm text-muted-foreground">
              They choose their own password from a link that works once and expires in 72 hours.
            </p>
          </div>
        </div>
        {sendLink ? null : (
          <FormField
            id={`${id}-password`}
            name="password"
            label="First password"
            required
            hint={`At least ${minPasswordLength} characters. Share it privately; they can be given a new one here at any time.`}
            error={errors.password?.message}
            className="sm:col-span-2"
          >
            {(control) => (
              <Input {...control} type="password" autoComplete="new-password" {...form.register("password")} />
            )}
          </FormField>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Creating..." : "Create user"}
          </Button>
        </div>
      </form>
      {revealed ? <OneTimeLink email={revealed.email} url={revealed.url} onDone={() => create.reset()} /> : null}
    </>
  );
}
