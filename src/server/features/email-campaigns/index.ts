// What other features may use of email campaigns (the rest is this feature's own).
export { refreshCampaignCounters } from "./campaign-counters";
export {
  loadMarketingContext,
  marketingCheckData,
  marketingEmail,
  marketingVariableNames,
  sampleMarketingData,
} from "./marketing-message";
