/**
 * The Site tab's preview is the landing document exactly as "/" would serve it, minus what would
 * run in it. The client's scripts cannot run there: at the preview's address the client router
 * would not recognise the landing page and would replace it, and once running the page asks the
 * API for the season the public sees now (its prices) and could send real applications. What
 * is left is the page as every visitor first receives it, before any script (the no-JavaScript
 * page the journeys check); hydration keeps that markup as it is.
 *
 * The document is our own render: user text in it is escaped by React, Markdown is sanitised
 * HTML and the embedded data escapes "<", so no tag in it comes from what staff typed. The
 * preview's CSP (script-src 'none') blocks any script regardless.
 */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b(?![^>]*\btype="application\/json")[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "");
}
