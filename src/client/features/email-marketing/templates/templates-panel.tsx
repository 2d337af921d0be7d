import * as Tabs from "@radix-ui/react-tabs";
import { useEffect, useId, useRef, useState } from "react";
import type { MarketingTemplate, TransactionalTemplate } from "../../../../shared/schemas/email-templates";
import { Button } from "../../../components/ui/button";
import { TabList } from "../../../components/ui/tab-list";
import { useSeason } from "../../admin-shell/use-season";
import { MarketingTemplateEditor } from "./marketing-template-editor";
import { MarketingTemplates } from "./marketing-templates";
import { TransactionalTemplateEditor } from "./transactional-template-editor";
import { TransactionalTemplates } from "./transactional-templates";

type Section = "product" | "marketing";
type Editing =
  | { kind: "transactional"; template: TransactionalTemplate }
  | { kind: "marketing"; template: MarketingTemplate | null }
  | null;

const templateKinds = [
  { value: "product", label: "Product emails" },
  { value: "marketing", label: "Marketing templates" },
] as const;

/** The Waitlist tab's templates: the product's own emails, and starting points for campaigns. */
export function TemplatesPanel() {
  const id = useId();
  const [section, setSection] = useState<Section>("product");
  const [editing, setEditing] = useState<Editing>(null);
  const season = useSeason();
  const [scope, setScope] = useState<"season" | "defaults">("season");
  const seasonId = scope === "season" ? season.retreatId : undefined;
  // The button that opened the editor gets focus back when it closes (WCAG 2.4.3).
  const opener = useRef<HTMLElement | null>(null);
  const wasEditing = useRef(false);

  useEffect(() => {
    if (editing) {
      wasEditing.current = true;
      return;
    }
    if (!wasEditing.current) return;
    wasEditing.current = false;
    if (opener.current?.isConnected) opener.current.focus();
    else document.getElementById(`${id}-title`)?.focus();
  }, [editing, id]);

  const open = (next: Editing) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setEditing(next);
  };
  const close = () => setEditing(null);

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <div>
        <h2 id={`${id}-title`} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
          Templates
        </h2>
        <p className="text-sm text-muted-foreground">
          Subjects and bodies are Markdown with {"{{ variables }}"}; values are escaped when sent.
        </p>
      </div>
      {editing?.kind === "transactional" ? (
        <TransactionalTemplateEditor key={editing.template.id} template={editing.template} onClose={close} />
      ) : editing?.kind === "marketing" ? (
        <MarketingTemplateEditor key={editing.template?.id ?? "new"} template={editing.template} onClose={close} />
      ) : null}
      {/* Kept mounted while editing so the list keeps its place and the Edit button can take focus back. */}
      <div hidden={editing !== null}>
        <Tabs.Root
          value={section}
          onValueChange={(value) => setSection(value as Section)}
          className="flex flex-col gap-4"
        >
          <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
            <TabList label="Template kinds" tabs={templateKinds} />
          </div>
          <Tabs.Content value="product" className="flex flex-col gap-3 focus-visible:outline-none">
            <p className="text-sm text-muted-foreground">
              Messages the product sends by itself, such as the confirmation after an application.
            </p>
            {season.retreat ? (
              <fieldset className="flex flex-wrap items-center gap-2">
                <legend className="sr-only">Whose texts</legend>
                {(["season", "defaults"] as const).map((value) => (
                  <Button
                    key={value}
                    size="sm"
                    variant={scope === value ? "default" : "outline"}
                    aria-pressed={scope === value}
                    onClick={() => setScope(value)}
                  >
                    {value === "season" ? season.retreat!.name : "Shared defaults"}
                  </Button>
                ))}
              </fieldset>
            ) : null}
            <p className="text-sm text-muted-foreground">
              {seasonId
                ? "What this season sends: its own copy of a message where it has one (edit it for this season only), else the shared default."
                : "The texts every season without its own copy sends; copying a season gives the new one its own copies."}
            </p>
            <TransactionalTemplates
              retreatId={seasonId}
              onEdit={(template) => open({ kind: "transactional", template })}
            />
          </Tabs.Content>
          <Tabs.Content value="marketing" className="flex flex-col gap-3 focus-visible:outline-none">
            <p className="text-sm text-muted-foreground">Starting points for campaigns.</p>
            <MarketingTemplates onEdit={(template) => open({ kind: "marketing", template })} />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </section>
  );
}
