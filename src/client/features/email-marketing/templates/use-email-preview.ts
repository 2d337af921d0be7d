import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { RenderedEmailPreview, TemplatePreviewInput } from "../../../../shared/schemas/email-templates";
import { apiRequest } from "../../../lib/api-request";
import { templatePreviewPath } from "../email-marketing-api";

/** Typing pauses this long before the preview is rendered again. */
export const previewDebounceMs = 400;

/** The value as it was `ms` after it last changed. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised key stands for the value
  useEffect(() => {
    const handle = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(handle);
  }, [key, ms]);
  return settled;
}

/** POSTs for a rendered message; the key carries the request so each text is rendered once. */
export function useRenderedEmail(url: string, input: unknown, enabled = true) {
  return useQuery<RenderedEmailPreview>({
    queryKey: [url, input],
    queryFn: async () => (await apiRequest("POST", url, input)).json() as Promise<RenderedEmailPreview>,
    enabled,
    // Keep the last rendering on screen while the next one loads, so the frame does not flash.
    placeholderData: keepPreviousData,
  });
}

/** Unsaved text rendered with sample data, after typing pauses. */
export function useLivePreview(input: TemplatePreviewInput) {
  const settled = useDebouncedValue(input, previewDebounceMs);
  const ready = settled.subject.trim() !== "" || settled.body.trim() !== "";
  return useRenderedEmail(templatePreviewPath, settled, ready);
}
