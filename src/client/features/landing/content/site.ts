import { brandName } from "../../../../shared/constants";

/**
 * The brand the public pages carry. The contact address and social links are each season's site
 * content (Site tab); this address only stands in before that content has loaded.
 */
export const site = {
  brand: brandName,
  defaultContactEmail: "hello@baliveganretreat.example",
} as const;
