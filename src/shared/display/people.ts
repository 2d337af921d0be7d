/** Anything that names a person: a user, an applicant, a subscriber. */
export type PersonLike = {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
};

const clean = (part: string | null | undefined) => part?.trim() || "";

/**
 * How a person is shown everywhere (tasks, interviews, users, guests, activity): "Ada Lovelace",
 * else their email when no name was given, else `fallback`. Blank and whitespace-only names count
 * as missing, so nobody shows up as "" or "Unassigned" just for lacking a name.
 */
export function displayName(person: PersonLike, fallback = ""): string {
  const name = [clean(person.firstName), clean(person.lastName)].filter(Boolean).join(" ");
  return name || clean(person.email) || fallback;
}

/** The welcome line's name (spec: first name, or email). */
export function greetingName(person: PersonLike): string {
  return clean(person.firstName) || clean(person.email);
}
