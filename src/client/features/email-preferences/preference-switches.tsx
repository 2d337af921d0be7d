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

/** The three email categories as labelled switches. */
export function PreferenceSwitches({
  value,
  onChange,
  disabled,
  idPrefix,
}: {
  value: EmailPreferences;
  onChange: (next: EmailPreferences) => void;
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
            <Switch
              id={id}
              checked={value[option.key]}
              onCheckedChange={(checked) => onChange({ ...value, [option.key]: checked })}
              disabled={disabled}
              aria-describedby={`${id}-description`}
              className="mt-0.5"
            />
          </li>
        );
      })}
    </ul>
  );
}
