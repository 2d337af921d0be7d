import * as RadioGroupPrimitive from "@radix-ui/react-radio-group";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

export function RadioGroup({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return (
    <RadioGroupPrimitive.Root
      // An invalid group outlines its option cards, as an invalid input outlines itself.
      className={cn("grid gap-3 [&[aria-invalid=true]_label]:border-destructive", className)}
      {...props}
    />
  );
}

export function RadioGroupItem({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      className={cn(
        "peer aspect-square size-5 shrink-0 rounded-full border border-input bg-card text-primary transition-colors",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        "data-[state=checked]:border-primary disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    >
      <RadioGroupPrimitive.Indicator className="flex items-center justify-center">
        <span className="size-2.5 rounded-full bg-primary" />
      </RadioGroupPrimitive.Indicator>
    </RadioGroupPrimitive.Item>
  );
}

/**
 * A radio option drawn as a selectable card: the whole card is the label, so the click target is
 * large on phones, and the card borders show which option is chosen.
 */
export function RadioCard({
  id,
  value,
  title,
  description,
  disabled = false,
  className,
}: {
  id: string;
  value: string;
  title: string;
  description?: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <label
      htmlFor={id}
      className={cn(
        "flex items-start gap-3 rounded-lg border border-border bg-card p-4 transition-colors",
        disabled
          ? "cursor-not-allowed opacity-60"
          : "cursor-pointer hover:border-primary/60 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-secondary",
        className,
      )}
    >
      {/* Named by its title and described by the rest, so a long description (a price, a
          condition) does not make every option's name start the same way. */}
      <RadioGroupItem
        id={id}
        value={value}
        disabled={disabled}
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-description` : undefined}
        className="mt-0.5"
      />
      <span className="grid gap-1">
        <span id={`${id}-title`} className="text-sm font-medium leading-tight text-foreground">
          {title}
        </span>
        {description ? (
          <span id={`${id}-description`} className="text-sm text-muted-foreground">
            {description}
          </span>
        ) : null}
      </span>
    </label>
  );
}
