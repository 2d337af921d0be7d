import { AlertCircle, LoaderCircle } from "lucide-react";
import { useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { z } from "zod";
import { minPasswordLength } from "../../../shared/password-rules";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { StatusPanel } from "../../components/ui/public-page-shell";
import { PasswordInput } from "./password-input";

export { PasswordInput };

/*
 * What every choose-a-password page shares (set-password, first-owner setup): the confirmation
 * rule, the two password fields with one show/hide toggle, and the panels shown while its secret
 * link is checked.
 */

export const passwordsDifferMessage = "Passwords do not match.";
export const confirmPasswordMessage = "Please confirm your password.";

/** The server's schema for the request, plus the confirmation only the form needs. */
export function withPasswordConfirmation<Shape extends { password: z.ZodString }>(schema: z.ZodObject<Shape>) {
  return schema.extend({ confirmPassword: z.string().min(1, confirmPasswordMessage) }).refine(
    (values) => {
      const { password, confirmPassword } = values as { password: string; confirmPassword: string };
      return password === confirmPassword;
    },
    {
      path: ["confirmPassword"],
      message: passwordsDifferMessage,
    },
  );
}

/** What the two fields need of a react-hook-form form holding password and confirmPassword. */
export interface PasswordForm {
  register: (name: "password" | "confirmPassword") => UseFormRegisterReturn;
  formState: { errors: { password?: { message?: string }; confirmPassword?: { message?: string } } };
}

export function NewPasswordFields({
  form,
  id,
  label,
}: {
  form: PasswordForm;
  /** Prefix for the two inputs' ids (useId in the page). */
  id: string;
  label: string;
}) {
  const [visible, setVisible] = useState(false);
  const errors = form.formState.errors;
  return (
    <>
      <FormField
        id={`${id}-password`}
        name="password"
        label={label}
        required
        hint={`At least ${minPasswordLength} characters. A few unrelated words make a strong, memorable one.`}
        error={errors.password?.message}
      >
        {(control) => (
          <PasswordInput
            {...control}
            visible={visible}
            onToggle={() => setVisible((v) => !v)}
            controls={`${id}-password ${id}-confirm`}
            autoComplete="new-password"
            {...form.register("password")}
          />
        )}
      </FormField>
      <FormField
        id={`${id}-confirm`}
        name="confirmPassword"
        label="Confirm password"
        required
        error={errors.confirmPassword?.message}
      >
        {(control) => (
          <Input
            {...control}
            type={visible ? "text" : "password"}
            autoComplete="new-password"
            {...form.register("confirmPassword")}
          />
        )}
      </FormField>
    </>
  );
}

export function LinkChecking() {
  return (
    <StatusPanel
      role="status"
      icon={<LoaderCircle aria-hidden="true" className="size-7 animate-spin motion-reduce:animate-none" />}
      title="Loading"
    >
      <p>Checking your link...</p>
    </StatusPanel>
  );
}

/** The link could not be checked (network, server): not the same as an invalid link. */
export function LinkCheckFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <StatusPanel
      role="alert"
      icon={<AlertCircle aria-hidden="true" className="size-7" />}
      title="Unable to Check Link"
      tone="error"
      actions={
        <Button size="lg" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      <p>We could not check this link just now. Please try again in a moment.</p>
    </StatusPanel>
  );
}
