/** Placeholder: the templates panel is being built. */
export function TemplatesPanel() {
  return <p className="text-sm text-muted-foreground">Templates are being built.</p>;
}
