import { cn } from "../../../lib/cn";

/**
 * Text staff wrote in Markdown, as the server turned it into HTML: the server's sanitiser
 * (server/features/site-content/site-markdown.ts) lets through only paragraphs, emphasis, lists and
 * http(s)/mailto links, so this HTML is safe to insert. It is only ever rendered on the server
 * (static islands) or from the same API answer.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn(
        "space-y-4 [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5",
        className,
      )}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server, see above
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
