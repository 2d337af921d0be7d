import { describe, expect, it } from "vitest";
import { socialLinks, withHttps } from "./social-links";

describe("socialLinks", () => {
  it("turns a bare handle into Instagram, Twitter/X, TikTok and YouTube links, without the @", () => {
    expect(socialLinks({ instagramHandle: "@ada_for.animals" })).toEqual([
      { label: "Instagram", href: "https://instagram.com/ada_for.animals", text: "@ada_for.animals" },
      { label: "Twitter/X", href: "https://x.com/ada_for.animals", text: "@ada_for.animals" },
      { label: "TikTok", href: "https://www.tiktok.com/@ada_for.animals", text: "@ada_for.animals" },
      { label: "YouTube", href: "https://www.youtube.com/@ada_for.animals", text: "@ada_for.animals" },
    ]);
  });

  it("keeps an Instagram URL as one link, adding https:// when it has no scheme", () => {
    expect(socialLinks({ instagramHandle: "instagram.com/ada" })).toEqual([
      { label: "Instagram", href: "https://instagram.com/ada", text: "instagram.com/ada" },
    ]);
    expect(socialLinks({ instagramHandle: "http://instagram.com/ada" })[0]!.href).toBe("http://instagram.com/ada");
  });

  it("adds LinkedIn and website links, prefixing https:// only where needed", () => {
    expect(socialLinks({ linkedinUrl: "linkedin.com/in/ada", websiteUrl: "HTTPS://ada.example.org" })).toEqual([
      { label: "LinkedIn", href: "https://linkedin.com/in/ada", text: "linkedin.com/in/ada" },
      { label: "Website", href: "HTTPS://ada.example.org", text: "HTTPS://ada.example.org" },
    ]);
  });

  it("returns nothing for empty values", () => {
    expect(socialLinks({ instagramHandle: "", linkedinUrl: null, websiteUrl: "   " })).toEqual([]);
    expect(socialLinks({ instagramHandle: "@" })).toEqual([]);
  });

  it("never produces a script link", () => {
    expect(withHttps("javascript:alert(1)")).toBe("https://javascript:alert(1)");
    expect(socialLinks({ websiteUrl: "javascript:alert(1)" })[0]!.href.startsWith("https://")).toBe(true);
  });
});
