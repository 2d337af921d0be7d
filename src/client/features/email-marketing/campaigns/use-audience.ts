import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { CampaignType } from "../../../../shared/schemas/email-campaigns";
import type { SubscriberSegment } from "../../../../shared/schemas/email-subscribers";
import { apiRequest } from "../../../lib/api-request";
import { audiencePath } from "../email-marketing-api";
import { useDebouncedValue } from "../templates/use-email-preview";

export type Targeting = { campaignType: CampaignType; targetSegments: SubscriberSegment[]; targetTags: string[] };

/** Targeting changes pause this long before the audience is counted again. */
export const audienceDebounceMs = 400;

/** How many subscribers a targeting reaches now (POST .../audience), counted after changes settle. */
export function useAudienceCount(targeting: Targeting, debounce = true) {
  const settled = useDebouncedValue(targeting, debounce ? audienceDebounceMs : 0);
  return useQuery<{ count: number }>({
    queryKey: [audiencePath, settled],
    queryFn: async () => (await apiRequest("POST", audiencePath, settled)).json() as Promise<{ count: number }>,
    placeholderData: keepPreviousData,
    // Subscribers come and go: count again whenever the form or send dialog opens.
    staleTime: 0,
  });
}
