import type {
  MarketingTemplateValues,
  TransactionalTemplate,
  TransactionalTemplateUpdate,
} from "../../../../shared/schemas/email-templates";
import { apiRequest } from "../../../lib/api-request";
import { useWrite } from "../../../lib/use-write";
import { marketingTemplatesPath, transactionalTemplatesPath } from "../email-marketing-api";

/** The template in a write's reply, whether it comes bare or as { template }. */
async function readTemplate(res: Response): Promise<TransactionalTemplate | null> {
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  const candidate = body && typeof body.subject === "string" ? body : (body?.template as Record<string, unknown>);
  return candidate && typeof candidate.subject === "string" && typeof candidate.body === "string"
    ? (candidate as unknown as TransactionalTemplate)
    : null;
}

/** PUT a product email. Errors are shown in the editor (unknown variables name the field). */
export function useUpdateTransactionalTemplate() {
  return useWrite({
    request: (input: { id: string; values: TransactionalTemplateUpdate }) => ({
      method: "PUT",
      path: `${transactionalTemplatesPath}/${input.id}`,
      body: input.values,
    }),
    success: "Template saved",
    refresh: [transactionalTemplatesPath],
  });
}

export function useResetTransactionalTemplate() {
  return useWrite({
    mutationFn: async (id: string) =>
      readTemplate(await apiRequest("POST", `${transactionalTemplatesPath}/${id}/reset`)),
    success: "Template reset to default",
    failure: "Failed to reset template",
    refresh: [transactionalTemplatesPath],
  });
}

/** Create (no id) or update a marketing template. */
export function useSaveMarketingTemplate() {
  return useWrite({
    request: (input: { id: string | null; values: MarketingTemplateValues }) =>
      input.id
        ? { method: "PUT", path: `${marketingTemplatesPath}/${input.id}`, body: input.values }
        : { method: "POST", path: marketingTemplatesPath, body: input.values },
    success: "Template saved",
    refresh: [marketingTemplatesPath],
  });
}

export function useDeleteMarketingTemplate() {
  return useWrite({
    request: (id: string) => ({ method: "DELETE", path: `${marketingTemplatesPath}/${id}` }),
    success: "Template deleted",
    failure: "Failed to delete template",
    refresh: [marketingTemplatesPath],
  });
}
