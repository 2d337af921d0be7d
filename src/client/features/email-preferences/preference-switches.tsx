import { type Control, Controller } from "react-hook-form";
import type { EmailPreferences } from "../../../shared/schemas/email-preferences";
import { Switch } from "../../components/ui/switch";

export const preferenceOptions: ReadonlyArray<{ key: keyof EmailPreferences; title: string; description: string }> = [
  {
    key: "applicationEmails",
    title: "Application & Retreat Updates",
    description: "Your application, interviews, payments and everything about your stay.",
  },
  {
    key: "marketingEmails",
    title: "Marketing & Newsletter",
    description: "News about future retreats, early offers and stories from the community.",
  },
  {
    key: "systemNotifications",
    title: "Security & Account Updates",
    description: "Important notices about your account and its security.",
  },
];

/** The three email categories as labelled switches, bound to a form of EmailPreferences. */
export function PreferenceSwitches({
  control,
  disabled,
  idPrefix,
}: {
  control: Control<EmailPreferences, unknown, EmailPreferences>;
  disabled?: boolean;
  idPrefix: string;
}) {
  return (
    <ul className="divide-y divide-border overflow-hidden rounded-lg border border-border">
      {preferenceOptions.map((option) => {
        const id = `${idPrefix}-${option.key}`;
        return (
          <li key={option.key} className="flex items-start justify-between gap-4 bg-card p-4 sm:p-5">
            <div className="grid gap-1">
              <label htmlFor={id} className="cursor-pointer font-medium text-foreground">
                {option.title}
              </label>
              <p id={`${id}-description`} className="text-sm text-muted-foreground">
                {option.description}
              </p>
            </div>
            <Controller
              control={control}
              name={option.key}
              render={({ field }) => (
                <Switch
                  id={id}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  disabled={disabled}
                  aria-describedby={`${id}-description`}
                  className="mt-0.5"
                />
              )}
            />
          </li>
        );
      })}
    </ul>
  );
}
