import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { categoryLabel } from "../../../../shared/display/labels";
import { type MarketingTemplate, marketingTemplateListSchema } from "../../../../shared/schemas/email-templates";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { DataTable } from "../../../components/ui/data-table";
import { marketingTemplatesPath } from "../email-marketing-api";
import { useDeleteMarketingTemplate } from "./use-template-mutations";

const numberFormat = new Intl.NumberFormat("en-GB");

/** Starting points for campaigns, with how often each was used. */
export function MarketingTemplates({ onEdit }: { onEdit: (template: MarketingTemplate | null) => void }) {
  const list = useQuery({
    queryKey: [marketingTemplatesPath],
    select: (data: unknown) => marketingTemplateListSchema.parse(data).items,
  });
  const remove = useDeleteMarketingTemplate();
  const [deleting, setDeleting] = useState<MarketingTemplate | null>(null);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <Button onClick={() => onEdit(null)}>New template</Button>
      </div>
      {list.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          The marketing templates could not be loaded. Please try again.
        </p>
      ) : list.isPending ? (
        <p className="text-sm text-muted-foreground">Loading marketing templates...</p>
      ) : list.data.length === 0 ? (
        <p className="rounded-card border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
          No marketing templates yet.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-card border border-border bg-card">
          <DataTable
            caption="Marketing templates"
            columns={[
              "Name",
              "Category",
              "Used",
              "Status",
              { key: "Actions", label: "Actions", className: "text-right" },
            ]}
            variant="plain"
            headClassName="bg-muted text-muted-foreground"
          >
            {list.data.map((template) => (
              <tr key={template.id} className="border-t border-border align-top">
                <td className="px-3 py-2">
                  <div className="font-medium">{template.name}</div>
                  {template.description ? <div className="text-muted-foreground">{template.description}</div> : null}
                </td>
                <td className="px-3 py-2">{categoryLabel(template.category)}</td>
                <td className="px-3 py-2 tabular-nums">
                  {numberFormat.format(template.usageCount)} {template.usageCount === 1 ? "campaign" : "campaigns"}
                </td>
                <td className="px-3 py-2">{template.isActive ? "Active" : "Inactive"}</td>
                <td className="px-3 py-2">
                  <div className="flex justify-end gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Edit ${template.name}`}
                      onClick={() => onEdit(template)}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Delete ${template.name}`}
                      onClick={() => setDeleting(template)}
                    >
                      Delete
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
      {deleting ? (
        <ConfirmDialog
          title="Delete template?"
          description={`"${deleting.name}" will be deleted. Campaigns that started from it keep their text.`}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          keepLabel="Keep template"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
