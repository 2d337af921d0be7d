import type { ReactNode } from "react";
import { site } from "../content/site";
import { useSiteContent } from "../use-current-retreat";

/** Building blocks shared by the privacy policy and the terms. */
export function Heading({ children }: { children: ReactNode }) {
  return <h3 className="mt-8 mb-3 font-display text-2xl text-ink first:mt-0">{children}</h3>;
}

export function List({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-1.5 pl-5">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static text
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

/** The site's published contact address (the brand's default until the page's content is here). */
function ContactLink() {
  const email = useSiteContent().data?.content.contact.email ?? site.defaultContactEmail;
  return (
    <a className="text-primary underline underline-offset-4" href={`mailto:${email}`}>
      {email}
    </a>
  );
}

export const contact = <ContactLink />;
