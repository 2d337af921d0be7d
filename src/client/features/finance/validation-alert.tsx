/**
 * The spec's form failure display (back-office.md section 5): an alert headed 'Validation Error:'
 * listing every broken rule. role=alert reads it out as soon as it appears.
 */
export function ValidationAlert({ id, messages }: { id: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div id={id} role="alert" className="rounded-md border border-destructive bg-red-50 p-3 text-sm text-destructive">
      <p className="font-semibold">Validation Error:</p>
      <ul className="mt-1 list-disc pl-5">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

/** Every message of a failed zod parse, once each, with the first field that broke each rule. */
export function issuesOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const messages: string[] = [];
  const fields: string[] = [];
  for (const issue of issues) {
    if (!messages.includes(issue.message)) messages.push(issue.message);
    const field = issue.path[0];
    if (typeof field === "string" && !fields.includes(field)) fields.push(field);
  }
  return { messages, fields };
}
