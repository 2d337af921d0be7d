import { z } from "zod";
import { honeypotSchema, limits, optionalText } from "./common";

export const applicationTypes = ["individual", "couple"] as const;
export const roomPreferenceChoices = ["shared", "private", "either"] as const;
export const storedRoomPreferences = ["shared_bed", "private"] as const;

/** The public application form as the visitor fills it in (public-site.md section 5). */
export const applicationFormSchema = z
  .object({
    applicationType: z.enum(applicationTypes, { message: "Please select your application type." }),
    fullName: z.string().trim().min(2, "Please enter your full name.").max(limits.name),
    email: z.string().trim().max(limits.email).pipe(z.email("Please enter a valid email address.")),
    phone: z.string().trim().min(10, "Please enter your phone number in international format.").max(limits.phone),
    location: optionalText(limits.name),
    partnerFullName: optionalText(limits.name),
    partnerEmail: optionalText(limits.email),
    partnerPhone: optionalText(limits.phone),
    partnerLocation: optionalText(limits.name),
    socialLinks: z
      .string()
      .trim()
      .min(10, "Please provide at least one social media link or website.")
      .max(limits.shortText),
    whyJoin: z
      .string()
      .trim()
      .min(50, "Please provide a more detailed response (at least 50 characters).")
      .max(limits.longText),
    advocacyExperience: z
      .string()
      .trim()
      .min(30, "Please describe your advocacy experience (at least 30 characters).")
      .max(limits.longText),
    roomPreference: z.enum(roomPreferenceChoices, { message: "Please select your room preference." }),
    wantsVipUpgrade: z.boolean().default(false),
    dietaryNotes: optionalText(limits.longText),
    additionalInfo: optionalText(limits.longText),
    website: honeypotSchema,
  })
  .superRefine(
    (form, ctx) => {
      if (form.applicationType !== "couple") return;
      if (form.partnerFullName.length < 2) {
        ctx.addIssue({ code: "custom", path: ["partnerFullName"], message: "Please enter your partner's full name" });
      }
      if (!z.email().safeParse(form.partnerEmail).success) {
        ctx.addIssue({
          code: "custom",
          path: ["partnerEmail"],
          message: "Please enter a valid email address for your partner",
        });
      }
      if (form.partnerPhone.length < 10) {
        ctx.addIssue({ code: "custom", path: ["partnerPhone"], message: "Please enter your partner's phone number" });
      }
    },
    // Run even when other fields already failed, so a couple sees every message on the first submit.
    { when: (payload) => (payload.value as { applicationType?: unknown } | undefined)?.applicationType === "couple" },
  );

export type ApplicationFormInput = z.input<typeof applicationFormSchema>;
export type ApplicationForm = z.output<typeof applicationFormSchema>;

/**
 * POST /api/application: the spec's payload (section 3) plus the couple and VIP fields, so a
 * couple's application loses nothing (docs/decisions/002-schema-additions.md).
 */
export const applicationSubmissionSchema = z.strictObject({
  retreatId: z.uuid("No active retreat found. Please try refreshing the page or contact us directly."),
  firstName: z.string().trim().min(1, "Please enter your full name.").max(limits.name),
  lastName: optionalText(limits.name),
  email: z.string().trim().max(limits.email).pipe(z.email("Please enter a valid email address.")),
  phone: optionalText(limits.phone),
  city: optionalText(limits.name),
  country: optionalText(limits.name),
  instagramHandle: optionalText(limits.name),
  linkedinUrl: optionalText(limits.shortText),
  websiteUrl: optionalText(limits.shortText),
  motivations: z
    .string()
    .trim()
    .min(50, "Please provide at least 50 characters about your motivations")
    .max(limits.longText),
  advocacyInvolvement: z.string().trim().min(20, "Please describe your advocacy involvement").max(limits.longText),
  roomPreference: z.enum(storedRoomPreferences).optional(),
  dietaryNotes: optionalText(limits.longText),
  consentGdpr: z.boolean().default(false),
  consentMarketing: z.boolean().default(false),
  applicationType: z.enum(applicationTypes).default("individual"),
  partnerFirstName: optionalText(limits.name),
  partnerLastName: optionalText(limits.name),
  partnerEmail: z.union([z.literal(""), z.string().trim().max(limits.email).pipe(z.email())]).default(""),
  partnerPhone: optionalText(limits.phone),
  partnerCity: optionalText(limits.name),
  partnerCountry: optionalText(limits.name),
  wantsVipUpgrade: z.boolean().default(false),
  additionalInfo: optionalText(limits.longText),
  website: honeypotSchema,
});

export type ApplicationSubmissionInput = z.input<typeof applicationSubmissionSchema>;
export type ApplicationSubmission = z.output<typeof applicationSubmissionSchema>;

/** Splits at the first space: "Ada King Lovelace" -> ["Ada", "King Lovelace"]. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const trimmed = fullName.trim().replace(/\s+/g, " ");
  const space = trimmed.indexOf(" ");
  if (space === -1) return { firstName: trimmed, lastName: "" };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}

/** "Ubud, Indonesia" -> city Ubud, country Indonesia; "Indonesia" -> both Indonesia. */
export function splitLocation(location: string): { city: string; country: string } {
  const parts = location
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return { city: "", country: "" };
  return { city: parts[0]!, country: parts[1] ?? parts[0]! };
}

/**
 * Classifies free-text social links: an Instagram handle (an instagram URL or an @handle, prefix
 * stripped), a LinkedIn URL, or a website (contains http or www.). First match of each wins.
 */
export function classifySocialLinks(text: string): {
  instagramHandle: string;
  linkedinUrl: string;
  websiteUrl: string;
} {
  const result = { instagramHandle: "", linkedinUrl: "", websiteUrl: "" };
  for (const part of text.split(/[\s,]+/).filter(Boolean)) {
    const lower = part.toLowerCase();
    if (lower.includes("instagram.com/") || part.startsWith("@")) {
      if (!result.instagramHandle) {
        const handle = part.startsWith("@")
          ? part.slice(1)
          : (part.split(/instagram\.com\//i)[1] ?? "").split(/[/?#]/)[0]!;
        result.instagramHandle = handle.replace(/^@/, "");
      }
    } else if (lower.includes("linkedin.com")) {
      if (!result.linkedinUrl) result.linkedinUrl = part;
    } else if (lower.includes("http") || lower.includes("www.")) {
      if (!result.websiteUrl) result.websiteUrl = part;
    }
  }
  return result;
}

/** shared -> shared_bed, private -> private, either -> shared_bed. */
export function mapRoomPreference(
  choice: (typeof roomPreferenceChoices)[number],
): (typeof storedRoomPreferences)[number] {
  return choice === "private" ? "private" : "shared_bed";
}

/** The form -> the POST /api/application payload (public-site.md section 5 transforms). */
export function toApplicationSubmission(form: ApplicationForm, retreatId: string): ApplicationSubmissionInput {
  const partnerName = splitFullName(form.partnerFullName);
  const partnerLocation = splitLocation(form.partnerLocation);
  const isCouple = form.applicationType === "couple";
  return {
    retreatId,
    ...splitFullName(form.fullName),
    email: form.email,
    phone: form.phone,
    ...splitLocation(form.location),
    ...classifySocialLinks(form.socialLinks),
    motivations: form.whyJoin,
    advocacyInvolvement: form.advocacyExperience,
    roomPreference: mapRoomPreference(form.roomPreference),
    dietaryNotes: form.dietaryNotes,
    consentGdpr: true,
    consentMarketing: true,
    applicationType: form.applicationType,
    partnerFirstName: isCouple ? partnerName.firstName : "",
    partnerLastName: isCouple ? partnerName.lastName : "",
    partnerEmail: isCouple ? form.partnerEmail : "",
    partnerPhone: isCouple ? form.partnerPhone : "",
    partnerCity: isCouple ? partnerLocation.city : "",
    partnerCountry: isCouple ? partnerLocation.country : "",
    wantsVipUpgrade: form.wantsVipUpgrade,
    additionalInfo: form.additionalInfo,
  };
}
