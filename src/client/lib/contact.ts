/**
 * The one public contact address (footer, email pages, travel form, error hints). Set
 * VITE_SUPPORT_EMAIL at build time to use the real mailbox; the default is a placeholder.
 */
export const supportEmail: string = import.meta.env.VITE_SUPPORT_EMAIL || "hello@baliveganretreat.example";

export const supportMailto = `mailto:${supportEmail}`;
