import { z } from "zod";
import { currencies, retreatDefaults } from "../constants";
import { limits } from "./common";

/** Spec section 9: GBP default, EUR offered; capacity 15; location Bali, Indonesia. */
export const settingsDefaults = {
  currency: "GBP",
  defaultCapacity: retreatDefaults.capacity,
  defaultLocation: retreatDefaults.location,
} as const;

/** GET and PUT /api/admin/settings. */
export const appSettingsSchema = z.strictObject({
  currency: z.enum(currencies, "Currency must be GBP or EUR."),
  defaultCapacity: z
    .number("Default capacity must be a number.")
    .int("Default capacity must be a whole number.")
    .min(1, "Default capacity must be between 1 and 100.")
    .max(100, "Default capacity must be between 1 and 100."),
  defaultLocation: z
    .string()
    .trim()
    .min(1, "Default location is required.")
    .max(limits.name, `Default location can be at most ${limits.name} characters.`),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;
