/**
 * Contact details and links shown on the public pages. Placeholders until launch: change them
 * here and every page follows.
 */
export const site = {
  brand: "Bali Vegan Retreat",
  contactEmail: "hello@baliveganretreat.example",
  social: [
    { name: "Instagram", href: "https://www.instagram.com/baliveganretreat" },
    { name: "Facebook", href: "https://www.facebook.com/baliveganretreat" },
    { name: "YouTube", href: "https://www.youtube.com/@baliveganretreat" },
  ],
} as const;

export type SocialNetwork = (typeof site.social)[number]["name"];

export const mailtoContact = `mailto:${site.contactEmail}`;
