import { Mail } from "lucide-react";
import { navLinks } from "../content/nav";
import { site } from "../content/site";
import { SocialIcon } from "../ui/social-icons";
import { useSiteContent } from "../use-current-retreat";
import { LeafMark } from "./nav-bar";

export function SiteFooter() {
  const published = useSiteContent().data;
  if (!published) return null;
  const { contact } = published.content;
  return (
    <footer className="bg-ink text-ivory/80">
      <div className="mx-auto grid max-w-7xl gap-12 px-5 py-16 md:grid-cols-[1.5fr_1fr_1fr] lg:px-8">
        <div>
          <p className="flex items-center gap-2.5 font-display text-2xl text-ivory">
            <LeafMark className="size-7 text-gold" />
            {site.brand}
          </p>
          <p className="mt-4 max-w-sm text-sm leading-relaxed">
            A ten-day vegan activism retreat in Bali for at most fifteen guests. Community, advocacy training and luxury
            villa living, by application only.
          </p>
          <a
            href={`mailto:${contact.email}`}
            className="mt-6 inline-flex items-center gap-2 rounded-sm text-ivory underline-offset-4 hover:underline"
          >
            <Mail aria-hidden="true" className="size-4 text-gold" />
            {contact.email}
          </a>
        </div>
        <nav aria-label="Footer">
          <p className="eyebrow text-gold-soft">Explore</p>
          <ul className="mt-4 space-y-2 text-sm">
            {navLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="rounded-sm hover:text-ivory">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <p className="eyebrow text-gold-soft">Follow</p>
          <ul className="mt-4 flex gap-3">
            {contact.social.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  aria-label={`${link.network} (opens in a new tab)`}
                  className="flex size-11 items-center justify-center rounded-full border border-ivory/20 text-ivory transition-colors hover:border-gold hover:text-gold"
                >
                  <SocialIcon network={link.network} className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-ivory/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-5 py-6 text-xs sm:flex-row sm:items-center sm:justify-between lg:px-8">
          <p>
            © {published.seasonYear} {site.brand}. All rights reserved.
          </p>
          <div className="flex gap-6">
            {/* Static island: the landing page's document listener opens the modal named here. */}
            <button
              type="button"
              className="rounded-sm underline-offset-4 hover:text-ivory hover:underline"
              data-legal-modal="privacy"
            >
              Privacy Policy
            </button>
            <button
              type="button"
              className="rounded-sm underline-offset-4 hover:text-ivory hover:underline"
              data-legal-modal="terms"
            >
              Terms & Conditions
            </button>
          </div>
        </div>
      </div>
    </footer>
  );
}
