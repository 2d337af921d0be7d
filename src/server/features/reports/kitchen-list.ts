import type { KitchenCount, KitchenGuest, KitchenReport } from "../../../shared/schemas/reports";
import type { Retreat } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { type FieldCipher, fieldContext } from "../../encryption/field-encryption";
import { bookingName, bookingsOf, latestTravelForms, peopleIn } from "./bookings";

/** Answers that mean "nothing": they count as no requirement, not as a requirement called "None". */
const nothing = new Set(["", "none", "no", "nil", "n/a", "na", "-", "nothing", "no allergies", "none known"]);

const clean = (value: string | null | undefined): string | null => {
  const text = value?.trim() ?? "";
  return nothing.has(text.toLowerCase().replace(/\.$/, "")) ? null : text;
};

/**
 * "Gluten-free, no nuts; soy" -> ["Gluten-free", "No nuts", "Soy"]: the parts a free-text answer
 * names, so the chef's counts add up by item. "gluten free" and "Gluten-free" are one item.
 */
function itemsOf(text: string): { key: string; label: string }[] {
  return text
    .split(/[,;\n]+/)
    .map((part) => part.trim().replace(/\.$/, "").replace(/\s+/g, " "))
    .filter((part) => part && !nothing.has(part.toLowerCase()))
    .map((part) => ({
      key: part.toLowerCase().replace(/[-\s]+/g, " "),
      label: part.charAt(0).toUpperCase() + part.slice(1),
    }));
}

/** People per item, most common first, then by name; a couple's answer counts for both. */
function countItems(guests: KitchenGuest[], field: "dietaryRequirements" | "allergies"): KitchenCount[] {
  const counts = new Map<string, KitchenCount>();
  for (const guest of guests) {
    const text = guest[field];
    if (!text) continue;
    const seen = new Set<string>();
    for (const item of itemsOf(text)) {
      if (seen.has(item.key)) continue;
      seen.add(item.key);
      const entry = counts.get(item.key) ?? { label: item.label, people: 0 };
      entry.people += guest.people;
      counts.set(item.key, entry);
    }
  }
  return [...counts.values()].sort((a, b) => b.people - a.people || a.label.localeCompare(b.label));
}

/**
 * The kitchen list: every booking with a place, its dietary requirements (the travel form's, or
 * else what they wrote when applying) and its allergies, decrypted here. The caller audits the
 * read in the same transaction (reports.service.ts).
 */
export async function buildKitchenList(
  db: DbOrTx,
  cipher: FieldCipher,
  retreat: Retreat,
  now: Date,
): Promise<KitchenReport> {
  const bookings = await bookingsOf(db, retreat.id);
  const forms = await latestTravelForms(
    db,
    bookings.map((b) => b.id),
    { allergies: true },
  );
  const guests: KitchenGuest[] = bookings.map((booking) => {
    const form = forms.get(booking.id);
    return {
      applicationId: booking.id,
      name: bookingName(booking),
      people: peopleIn(booking),
      dietaryRequirements: clean(form?.dietaryRequirements) ?? clean(booking.dietaryNotes),
      allergies: clean(cipher.decrypt(form?.allergies, fieldContext("travel", "allergies"))),
      travelFormSubmitted: Boolean(form),
    };
  });
  const peopleWhere = (test: (g: KitchenGuest) => boolean) => guests.filter(test).reduce((sum, g) => sum + g.people, 0);
  return {
    retreat: { id: retreat.id, name: retreat.name },
    generatedAt: now.toISOString(),
    guests,
    counts: {
      people: peopleWhere(() => true),
      withDietaryRequirements: peopleWhere((g) => g.dietaryRequirements !== null),
      withAllergies: peopleWhere((g) => g.allergies !== null),
      withoutRequirements: peopleWhere((g) => g.dietaryRequirements === null && g.allergies === null),
      requirements: countItems(guests, "dietaryRequirements"),
      allergies: countItems(guests, "allergies"),
    },
  };
}
