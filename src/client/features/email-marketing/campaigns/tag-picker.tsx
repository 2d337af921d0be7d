import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useState } from "react";
import { type SubscriberTagsResponse, tagSchema } from "../../../../shared/schemas/email-subscribers";
import { Button } from "../../../components/ui/button";
import { FieldError } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { subscriberTagsPath } from "../email-marketing-api";

const maxTargetTags = 20;

/**
 * Tags to target: typed (with the tags in use suggested) or picked from the most used ones.
 * Tags are normalised by the same rule the server applies, so what is shown is what is saved.
 */
export function TagPicker({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string[];
  onChange: (tags: string[]) => void;
  error?: string;
}) {
  const tags = useQuery<SubscriberTagsResponse>({ queryKey: [subscriberTagsPath] });
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const known = tags.data?.tags ?? [];
  const suggestions = known.filter((entry) => !value.includes(entry.tag)).slice(0, 12);

  const add = (raw: string) => {
    const parsed = tagSchema.safeParse(raw);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? "Invalid tag");
      return;
    }
    if (value.length >= maxTargetTags && !value.includes(parsed.data)) {
      setProblem(`At most ${maxTargetTags} tags`);
      return;
    }
    setProblem(null);
    setText("");
    if (!value.includes(parsed.data)) onChange([...value, parsed.data]);
  };

  const message = problem ?? error;
  return (
    <fieldset className="grid gap-2" data-field="targetTags">
      <legend className="mb-2 text-sm font-medium leading-none">Target tags</legend>
      <p id={`${id}-hint`} className="-mt-1 text-sm text-muted-foreground">
        None: no tag filter. Otherwise subscribers with at least one of these tags.
      </p>
      {value.length > 0 ? (
        <ul aria-label="Chosen tags" className="flex flex-wrap gap-2">
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full border border-primary bg-secondary py-0.5 pr-1 pl-3 text-sm"
            >
              {tag}
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange(value.filter((t) => t !== tag))}
                className="inline-flex size-7 items-center justify-center rounded-full hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <Label htmlFor={`${id}-input`} className="sr-only">
          Add a tag
        </Label>
        <Input
          id={`${id}-input`}
          list={`${id}-options`}
          value={text}
          placeholder="Type a tag"
          autoComplete="off"
          aria-describedby={[`${id}-hint`, message ? `${id}-error` : null].filter(Boolean).join(" ")}
          aria-invalid={message ? true : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              // Enter adds the tag; it must not submit the campaign form.
              event.preventDefault();
              if (text.trim()) add(text);
            }
          }}
        />
        <datalist id={`${id}-options`}>
          {known.map((entry) => (
            <option key={entry.tag} value={entry.tag} />
          ))}
        </datalist>
        <Button variant="outline" disabled={!text.trim()} onClick={() => add(text)}>
          Add tag
        </Button>
      </div>
      {suggestions.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-muted-foreground">In use:</span>
          {suggestions.map((entry) => (
            <button
              key={entry.tag}
              type="button"
              onClick={() => add(entry.tag)}
              className="rounded-full border border-border px-2.5 py-1 text-xs hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span className="sr-only">Add tag </span>
              {entry.tag} <span className="text-muted-foreground">({entry.count})</span>
            </button>
          ))}
        </div>
      ) : null}
      {message ? <FieldError id={`${id}-error`}>{message}</FieldError> : null}
    </fieldset>
  );
}
