import { z } from "zod";
import { tagListSchema } from "../../../../shared/schemas/email-subscribers";

/** "vip, 2026 ; donors" -> ["vip", "2026", "donors"]: commas (or semicolons) separate tags. */
export function splitTags(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/**
 * A comma-separated text box checked with the server's tag rules. The first problem is reported
 * on the field itself (not on tags.0), naming the tag at fault so it can be found in a long list.
 */
export const tagsTextField = z.string().transform((text, ctx) => {
  const tags = splitTags(text);
  const result = tagListSchema.safeParse(tags);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const index = typeof issue?.path[0] === "number" ? issue.path[0] : -1;
  const culprit = index >= 0 ? tags[index] : undefined;
  ctx.addIssue({
    code: "custom",
    message: culprit ? `"${culprit}": ${issue?.message}` : (issue?.message ?? "Invalid tags"),
  });
  return z.NEVER;
});
