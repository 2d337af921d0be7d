import { z } from "zod";

/** Money travels as a decimal string ("1997.00") so no float ever touches it. */
export const moneySchema = z.string().regex(/^-?\d+(\.\d{1,2})?$/);

export const bookingTypeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  displayName: z.string().nullable(),
  description: z.string().nullable(),
  basePrice: moneySchema,
  depositAmount: moneySchema,
  currency: z.string(),
  maxOccupancy: z.number().int(),
  isAddon: z.boolean(),
  features: z.array(z.string()),
});

/** What anyone may read of a retreat: the public site and the admin's list both show these. */
export const retreatFactsSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  capacity: z.number().int(),
  location: z.string(),
  currency: z.string(),
});

export const currentRetreatSchema = retreatFactsSchema.extend({ bookingTypes: z.array(bookingTypeSchema) });

export type CurrentRetreat = z.infer<typeof currentRetreatSchema>;
export type BookingType = z.infer<typeof bookingTypeSchema>;
