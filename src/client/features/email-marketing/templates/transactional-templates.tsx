import { useQuery } from "@tanstack/react-query";
import {
  type TransactionalTemplate,
  transactionalTemplateListSchema,
} from "../../../../shared/schemas/email-templates";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Label } from "../../../components/ui/label";
import { Switch } from "../../../components/ui/switch";
import { failureToast } from "../campaigns/use-campaign-mutations";
import { transactionalTemplatesPath } from "../email-marketing-api";
import { useUpdateTransactionalTemplate } from "./use-template-mutations";

/** The defaults, or with a retreat the messages that season sends (its own copy of each, else the default). */
export function useTransactionalTemplates(retreatId?: string) {
  return useQuery({
    queryKey: [retreatId ? `${transactionalTemplatesPath}?retreatId=${retreatId}` : transactionalTemplatesPath],
    select: (data: unknown) => transactionalTemplateListSchema.parse(data).items,
  });
}

function EditedBadge({ isDefault }: { isDefault: boolean }) {
  return (
    <Badge
      className={isDefault ? "border-gray-300 bg-gray-100 text-gray-800" : "border-blue-200 bg-blue-100 text-blue-800"}
    >
      {isDefault ? "Default" : "Edited"}
    </Badge>
  );
}

/** Whose text it is: the season's own copy, or the default shared by every season without one. */
function ScopeBadge({ seasonCopy }: { seasonCopy: boolean }) {
  return (
    <Badge
      className={
        seasonCopy ? "border-green-200 bg-green-100 text-green-800" : "border-amber-200 bg-amber-100 text-amber-900"
      }
    >
      {seasonCopy ? "This season's copy" : "Shared default"}
    </Badge>
  );
}

const typeLabels: Record<string, string> = { application: "Application email", system: "System notification" };

/**
 * The product's own messages: each can be edited, switched off, or put back to its default. With a
 * season (`retreatId`), the messages it sends: its own copies, and the shared defaults where it has none.
 */
export function TransactionalTemplates({
  onEdit,
  retreatId,
}: {
  onEdit: (template: TransactionalTemplate) => void;
  retreatId?: string;
}) {
  const list = useTransactionalTemplates(retreatId);
  const update = useUpdateTransactionalTemplate();

  if (list.isError) {
    return (
      <p role="alert" className="text-sm font-medium text-destructive">
        The product emails could not be loaded. Please try again.
      </p>
    );
  }
  if (list.isPending) return <p className="text-sm text-muted-foreground">Loading product emails...</p>;

  return (
    <ul aria-label="Product emails" className="grid gap-3 lg:grid-cols-2">
      {list.data.map((template) => {
        const switchId = `template-active-${template.id}`;
        return (
          <li
            key={template.id}
            className="flex flex-col gap-3 rounded-card border border-border bg-card p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between"
          >
            <div className="grid min-w-0 gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <h4 className="font-semibold">{template.title}</h4>
                <EditedBadge isDefault={template.isDefault} />
                {retreatId ? <ScopeBadge seasonCopy={template.retreatId !== null} /> : null}
              </div>
              <p className="text-sm text-muted-foreground">{template.description}</p>
              <p className="text-xs text-muted-foreground">{typeLabels[template.type] ?? template.type}</p>
            </div>
            <div className="flex shrink-0 items-center gap-4">
              <div className="flex items-center gap-2">
                <Switch
                  id={switchId}
                  checked={template.isActive}
                  disabled={update.isPending}
                  onCheckedChange={(checked) =>
                    update.mutate(
                      {
                        id: template.id,
                        values: { subject: template.subject, body: template.body, isActive: checked },
                      },
                      { onError: (error) => failureToast("Failed to save template", error) },
                    )
                  }
                />
                <Label htmlFor={switchId}>
                  Active <span className="sr-only">({template.title})</span>
                </Label>
              </div>
              <Button
                size="sm"
                variant="outline"
                aria-label={`Edit ${template.title}`}
                onClick={() => onEdit(template)}
              >
                Edit
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
