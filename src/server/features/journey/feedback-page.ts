/** The survey page, plain HTML with no script: every guest-given or stored text is escaped. */
const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

type Page =
  | { kind: "message"; text: string }
  | { kind: "form"; token: string; retreatName: string; firstName: string | null };

export function feedbackPage(page: Page): string {
  const body =
    page.kind === "message"
      ? `<h1>Feedback</h1><p role="status">${escapeHtml(page.text)}</p>`
      : `<h1>How was ${escapeHtml(page.retreatName)}?</h1>
<p>Hi ${escapeHtml(page.firstName?.trim() || "there")}, two minutes of your time help us a lot.</p>
<form method="post" action="/feedback/${encodeURIComponent(page.token)}">
<fieldset><legend>Your rating (1 to 5)</legend>
${[1, 2, 3, 4, 5].map((n) => `<label><input type="radio" name="rating" value="${n}" required> ${n}</label>`).join("\n")}
</fieldset>
<p><label for="comment">Anything you would like to tell us</label><br>
<textarea id="comment" name="comment" rows="6" cols="60" maxlength="5000"></textarea></p>
<p><label><input type="checkbox" name="mayQuote" value="on"> You may quote me on the website with my first name</label></p>
<p><button type="submit">Send feedback</button></p>
</form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Feedback</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5}fieldset{border:0;padding:0}label{margin-right:1rem}</style>
</head><body><main>${body}</main></body></html>`;
}
