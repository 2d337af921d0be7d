import { Eye, EyeOff } from "lucide-react";
import type { ComponentProps } from "react";
import { Input } from "../../components/ui/input";

// Apart from new-password.tsx (which re-exports it) so the sign-in page does not load zod (decision 021).

/** A password box with its show/hide toggle; `controls` names every input the toggle shows or hides. */
export function PasswordInput({
  visible,
  onToggle,
  controls,
  ...input
}: { visible: boolean; onToggle: () => void; controls: string } & ComponentProps<"input">) {
  return (
    <div className="relative">
      <Input {...input} type={visible ? "text" : "password"} className="pr-12" />
      <button
        type="button"
        aria-label={visible ? "Hide password" : "Show password"}
        aria-pressed={visible}
        aria-controls={controls}
        onClick={onToggle}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground"
      >
        {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
      </button>
    </div>
  );
}
