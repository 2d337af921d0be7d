import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  MarketingTemplateValues,
  TransactionalTemplate,
  TransactionalTemplateUpdate,
} from "../../../../shared/schemas/email-templates";
import { serverMessage } from "../../../lib/api-error-message";
import { apiRequest } from "../../../lib/api-request";
import { toast } from "../../../lib/use-toast";
import { invalidateByPrefix } from "../../../lib/invalidate-by-prefix";
import { marketingTemplatesPath, transactionalTemplatesPath } from "./paths";

function useRefresh(path: string) {
  const queryClient = useQueryClient();
  return () => invalidateByPrefix(queryClient, path);
}

function failure(title: string, error: unknown) {
  toast({ title, description: serverMessage(error) ?? "Please try again.", variant: "destructive" });
}

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
  const refresh = useRefresh(transactionalTemplatesPath);
  return useMutation({
    mutationFn: async (input: { id: string; values: TransactionalTemplateUpdate }) => {
      await apiRequest("PUT", `${transactionalTemplatesPath}/${input.id}`, input.values);
    },
    onSuccess: () => {
      toast({ title: "Template saved" });
      void refresh();
    },
  });
}

export function useResetTransactionalTemplate() {
  const refresh = useRefresh(transactionalTemplatesPath);
  return useMutation({
    mutationFn: async (id: string) =>
      readTemplate(await apiRequest("POST", `${transactionalTemplatesPath}/${id}/reset`)),
    onSuccess: () => {
      toast({ title: "Template reset to default" });
      void refresh();
    },
    onError: (error) => failure("Failed to reset template", error),
  });
}

/** Create (no id) or update a marketing template. */
export function useSaveMarketingTemplate() {
  const refresh = useRefresh(marketingTemplatesPath);
  return useMutation({
    mutationFn: async (input: { id: string | null; values: MarketingTemplateValues }) => {
      await apiRequest(
        input.id ? "PUT" : "POST",
        input.id ? `${marketingTemplatesPath}/${input.id}` : marketingTemplatesPath,
        input.values,
      );
    },
    onSuccess: () => {
      toast({ title: "Template saved" });
      void refresh();
    },
  });
}

export function useDeleteMarketingTemplate() {
  const refresh = useRefresh(marketingTemplatesPath);
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest("DELETE", `${marketingTemplatesPath}/${id}`);
    },
    onSuccess: () => {
      toast({ title: "Template deleted" });
      void refresh();
    },
    onError: (error) => failure("Failed to delete template", error),
  });
}
