import { useMemo } from "react";
import { retreatFacts as facts } from "../content/facts";
import { pricingView } from "../lib/pricing";
import { useLandingRetreat } from "../use-current-retreat";
import { InvestmentSection } from "./investment-section";

/**
 * The prices as the landing page shows them: the live retreat once it arrives, the embedded copy
 * until then, "to be announced" once the spec's retries have failed. Its own chunk, hydrated late
 * (landing-page.tsx), so it reads the retreat itself instead of taking props from the page.
 */
export default function LiveInvestment() {
  const { data: retreat, isError } = useLandingRetreat();
  const pricing = useMemo(
    () => (retreat ? pricingView(retreat, facts.days, facts.paymentPlan.instalments) : null),
    [retreat],
  );
  return <InvestmentSection pricing={pricing} unavailable={isError} />;
}
