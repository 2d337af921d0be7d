import { describe, expect, it } from "vitest";
import {
  type ApplicationForm,
  applicationFormSchema,
  applicationSubmissionSchema,
  classifySocialLinks,
  mapRoomPreference,
  splitFullName,
  splitLocation,
  toApplicationSubmission,
} from "./applications";

const retreatId = "2f1c7c1e-8a4b-4c59-9a43-5f0d2b7e9a11";

const validIndividual = {
  applicationType: "individual",
  fullName: "Ada King Lovelace",
  email: "ada@example.com",
  phone: "+44 7700 900123",
  location: "London, United Kingdom",
  socialLinks: "@ada.vegan, https://linkedin.com/in/ada",
  whyJoin: "I want to learn from other advocates and bring those skills back home.",
  advocacyExperience: "Five years of street outreach and cube events.",
  roomPreference: "either",
  wantsVipUpgrade: true,
  dietaryNotes: "No peanuts",
  additionalInfo: "Arriving a day early",
  website: "",
} as const;

function messagesOf(input: unknown): Record<string, string> {
  const result = applicationFormSchema.safeParse(input);
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[issue.path.join(".")] ??= issue.message;
  return messages;
}

function parseForm(input: unknown): ApplicationForm {
  return applicationFormSchema.parse(input);
}

describe("applicationFormSchema", () => {
  it("accepts a complete individual application", () => {
    expect(applicationFormSchema.safeParse(validIndividual).success).toBe(true);
  });

  it("gives the spec's message for every required field", () => {
    expect(
      messagesOf({
        fullName: "A",
        email: "not-an-email",
        phone: "12345",
        socialLinks: "@short",
        whyJoin: "Too short",
        advocacyExperience: "Too short",
      }),
    ).toEqual({
      applicationType: "Please select your application type.",
      fullName: "Please enter your full name.",
      email: "Please enter a valid email address.",
      phone: "Please enter your phone number in international format.",
      socialLinks: "Please provide at least one social media link or website.",
      whyJoin: "Please provide a more detailed response (at least 50 characters).",
      advocacyExperience: "Please describe your advocacy experience (at least 30 characters).",
      roomPreference: "Please select your room preference.",
    });
  });

  it("applies the minimum lengths exactly (2, 10, 10, 50, 30) and after trimming", () => {
    const ok = { ...validIndividual, fullName: "Al", phone: "1234567890", socialLinks: "@abcdefghi" };
    expect(applicationFormSchema.safeParse(ok).success).toBe(true);
    expect(applicationFormSchema.safeParse({ ...ok, whyJoin: "x".repeat(50) }).success).toBe(true);
    expect(messagesOf({ ...ok, whyJoin: `  ${"x".repeat(49)}  ` }).whyJoin).toBe(
      "Please provide a more detailed response (at least 50 characters).",
    );
    expect(applicationFormSchema.safeParse({ ...ok, advocacyExperience: "x".repeat(30) }).success).toBe(true);
    expect(messagesOf({ ...ok, advocacyExperience: "x".repeat(29) }).advocacyExperience).toBeDefined();
    expect(messagesOf({ ...ok, phone: "123456789" }).phone).toBeDefined();
    expect(messagesOf({ ...ok, fullName: " A " }).fullName).toBe("Please enter your full name.");
  });

  it("treats location, dietary notes, additional info and VIP as optional", () => {
    const { location, dietaryNotes, additionalInfo, wantsVipUpgrade, website, ...required } = validIndividual;
    const parsed = parseForm(required);
    expect(parsed.location).toBe("");
    expect(parsed.dietaryNotes).toBe("");
    expect(parsed.additionalInfo).toBe("");
    expect(parsed.wantsVipUpgrade).toBe(false);
  });

  it("does not ask an individual for partner details", () => {
    expect(messagesOf({ ...validIndividual, partnerFullName: "", partnerEmail: "bad" })).toEqual({});
  });

  it("requires the partner's name, email and phone for a couple", () => {
    expect(messagesOf({ ...validIndividual, applicationType: "couple" })).toEqual({
      partnerFullName: "Please enter your partner's full name",
      partnerEmail: "Please enter a valid email address for your partner",
      partnerPhone: "Please enter your partner's phone number",
    });
    const couple = {
      ...validIndividual,
      applicationType: "couple",
      partnerFullName: "Bo",
      partnerEmail: "bo@example.com",
      partnerPhone: "+44 7700 900456",
    };
    expect(applicationFormSchema.safeParse(couple).success).toBe(true);
  });

  it("shows the partner messages together with the others on the first submit", () => {
    const messages = messagesOf({ applicationType: "couple", fullName: "", email: "", phone: "" });
    expect(messages.fullName).toBe("Please enter your full name.");
    expect(messages.partnerFullName).toBe("Please enter your partner's full name");
    expect(messages.partnerEmail).toBe("Please enter a valid email address for your partner");
    expect(messages.partnerPhone).toBe("Please enter your partner's phone number");
  });

  it("rejects unknown choices for type and room", () => {
    expect(messagesOf({ ...validIndividual, applicationType: "group" }).applicationType).toBe(
      "Please select your application type.",
    );
    expect(messagesOf({ ...validIndividual, roomPreference: "suite" }).roomPreference).toBe(
      "Please select your room preference.",
    );
  });
});

describe("splitFullName", () => {
  it("splits at the first space", () => {
    expect(splitFullName("Ada King Lovelace")).toEqual({ firstName: "Ada", lastName: "King Lovelace" });
    expect(splitFullName("Ada Lovelace")).toEqual({ firstName: "Ada", lastName: "Lovelace" });
  });

  it("keeps a single name as the first name", () => {
    expect(splitFullName("Cher")).toEqual({ firstName: "Cher", lastName: "" });
  });

  it("ignores surrounding and repeated spaces", () => {
    expect(splitFullName("  Ada   Lovelace  ")).toEqual({ firstName: "Ada", lastName: "Lovelace" });
  });
});

describe("splitLocation", () => {
  it("takes the city from the first part and the country from the second", () => {
    expect(splitLocation("Ubud, Indonesia")).toEqual({ city: "Ubud", country: "Indonesia" });
    expect(splitLocation("Ubud,Indonesia")).toEqual({ city: "Ubud", country: "Indonesia" });
  });

  it("uses the only part for both when there is no comma", () => {
    expect(splitLocation("Singapore")).toEqual({ city: "Singapore", country: "Singapore" });
  });

  it("takes the second part as the country when there are more", () => {
    expect(splitLocation("Ubud, Bali, Indonesia")).toEqual({ city: "Ubud", country: "Bali" });
  });

  it("gives empty strings for an empty location", () => {
    expect(splitLocation("")).toEqual({ city: "", country: "" });
    expect(splitLocation(" , ")).toEqual({ city: "", country: "" });
  });
});

describe("classifySocialLinks", () => {
  it("reads an Instagram URL as a handle", () => {
    expect(classifySocialLinks("https://www.instagram.com/ada.vegan/").instagramHandle).toBe("ada.vegan");
    expect(classifySocialLinks("instagram.com/ada_vegan?igsh=abc").instagramHandle).toBe("ada_vegan");
  });

  it("strips the @ from a handle", () => {
    expect(classifySocialLinks("@ada.vegan")).toEqual({
      instagramHandle: "ada.vegan",
      linkedinUrl: "",
      websiteUrl: "",
    });
  });

  it("recognises a LinkedIn URL", () => {
    expect(classifySocialLinks("https://www.linkedin.com/in/ada")).toEqual({
      instagramHandle: "",
      linkedinUrl: "https://www.linkedin.com/in/ada",
      websiteUrl: "",
    });
  });

  it("treats other http or www. parts as the website", () => {
    expect(classifySocialLinks("https://ada.dev").websiteUrl).toBe("https://ada.dev");
    expect(classifySocialLinks("www.ada.dev").websiteUrl).toBe("www.ada.dev");
  });

  it("splits mixed text on commas and whitespace and keeps the first of each kind", () => {
    expect(
      classifySocialLinks("@ada.vegan,https://linkedin.com/in/ada ,  www.ada.dev\nhttps://second.dev @second"),
    ).toEqual({
      instagramHandle: "ada.vegan",
      linkedinUrl: "https://linkedin.com/in/ada",
      websiteUrl: "www.ada.dev",
    });
  });

  it("ignores words that are none of the three", () => {
    expect(classifySocialLinks("my instagram is great")).toEqual({
      instagramHandle: "",
      linkedinUrl: "",
      websiteUrl: "",
    });
  });
});

describe("mapRoomPreference", () => {
  it("maps shared and either to shared_bed and keeps private", () => {
    expect(mapRoomPreference("shared")).toBe("shared_bed");
    expect(mapRoomPreference("either")).toBe("shared_bed");
    expect(mapRoomPreference("private")).toBe("private");
  });
});

describe("toApplicationSubmission", () => {
  it("builds the spec's payload for an individual", () => {
    const payload = toApplicationSubmission(parseForm(validIndividual), retreatId);
    expect(payload).toEqual({
      retreatId,
      firstName: "Ada",
      lastName: "King Lovelace",
      email: "ada@example.com",
      phone: "+44 7700 900123",
      city: "London",
      country: "United Kingdom",
      instagramHandle: "ada.vegan",
      linkedinUrl: "https://linkedin.com/in/ada",
      websiteUrl: "",
      motivations: validIndividual.whyJoin,
      advocacyInvolvement: validIndividual.advocacyExperience,
      roomPreference: "shared_bed",
      dietaryNotes: "No peanuts",
      consentGdpr: true,
      consentMarketing: true,
      applicationType: "individual",
      partnerFirstName: "",
      partnerLastName: "",
      partnerEmail: "",
      partnerPhone: "",
      partnerCity: "",
      partnerCountry: "",
      wantsVipUpgrade: true,
      additionalInfo: "Arriving a day early",
    });
    expect(payload).not.toHaveProperty("website");
    expect(applicationSubmissionSchema.safeParse(payload).success).toBe(true);
  });

  it("always sends both consent flags as true", () => {
    const payload = toApplicationSubmission(parseForm({ ...validIndividual, wantsVipUpgrade: false }), retreatId);
    expect(payload.consentGdpr).toBe(true);
    expect(payload.consentMarketing).toBe(true);
  });

  it("sends the partner's details for a couple", () => {
    const form = parseForm({
      ...validIndividual,
      applicationType: "couple",
      roomPreference: "private",
      partnerFullName: "Bo Byron",
      partnerEmail: "bo@example.com",
      partnerPhone: "+44 7700 900456",
      partnerLocation: "Bristol",
    });
    const payload = toApplicationSubmission(form, retreatId);
    expect(payload).toMatchObject({
      applicationType: "couple",
      roomPreference: "private",
      partnerFirstName: "Bo",
      partnerLastName: "Byron",
      partnerEmail: "bo@example.com",
      partnerPhone: "+44 7700 900456",
      partnerCity: "Bristol",
      partnerCountry: "Bristol",
    });
    expect(applicationSubmissionSchema.safeParse(payload).success).toBe(true);
  });

  it("drops partner details typed before switching back to individual", () => {
    const form = parseForm({ ...validIndividual, partnerFullName: "Bo Byron", partnerEmail: "bo@example.com" });
    const payload = toApplicationSubmission(form, retreatId);
    expect(payload.partnerFirstName).toBe("");
    expect(payload.partnerEmail).toBe("");
  });
});

describe("applicationSubmissionSchema (server side)", () => {
  const payload = toApplicationSubmission(parseForm(validIndividual), retreatId);

  function messageFor(input: unknown, path: string) {
    return applicationSubmissionSchema.safeParse(input).error?.issues.find((i) => i.path.join(".") === path)?.message;
  }

  it("gives the spec's server-side messages", () => {
    expect(messageFor({ ...payload, motivations: "x".repeat(49) }, "motivations")).toBe(
      "Please provide at least 50 characters about your motivations",
    );
    expect(messageFor({ ...payload, advocacyInvolvement: "x".repeat(19) }, "advocacyInvolvement")).toBe(
      "Please describe your advocacy involvement",
    );
    expect(messageFor({ ...payload, retreatId: "" }, "retreatId")).toBe(
      "No active retreat found. Please try refreshing the page or contact us directly.",
    );
  });

  it("defaults the consent flags to false and refuses unknown fields", () => {
    const { consentGdpr, consentMarketing, ...rest } = payload;
    const parsed = applicationSubmissionSchema.parse(rest);
    expect(parsed.consentGdpr).toBe(false);
    expect(parsed.consentMarketing).toBe(false);
    expect(applicationSubmissionSchema.safeParse({ ...payload, isAdmin: true }).success).toBe(false);
  });
});
