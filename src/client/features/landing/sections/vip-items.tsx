import { Info } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { vipItemDetails } from "../content/facts";
import { formatPounds } from "../lib/money";
import { whenReached } from "../lib/when-reached";

/** What the tooltip of a VIP item says, or null when we have nothing to add to its name. */
export function vipTooltipText(feature: string, currency: string): string | null {
  const details = vipItemDetails[feature];
  if (!details) return null;
  const worth = details.worthPounds ? `Worth ${formatPounds(details.worthPounds, currency)}. ` : "";
  return `${worth}${details.detail}`;
}

export const vipItemClass =
  "flex h-full w-full items-start justify-between gap-3 rounded-2xl border border-ivory/15 px-4 py-3 text-left text-sm " +
  "transition-colors hover:border-gold/60 hover:bg-ivory/5 focus-visible:outline-gold";

export function VipItemLabel({ feature, hasTooltip }: { feature: string; hasTooltip: boolean }) {
  return (
    <>
      <span>{feature}</span>
      {hasTooltip ? <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-soft" /> : null}
    </>
  );
}

// Radix Tooltip brings Floating UI (about 14 KB gzip): load it only when the list is close to the
// viewport or touched, so it never counts against the landing page's first load.
const VipTooltipList = lazy(() => import("./vip-tooltip-list"));

export interface VipItemsProps {
  features: string[];
  currency: string;
}

export function VipItems({ features, currency }: VipItemsProps) {
  const [enhanced, setEnhanced] = useState(false);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const element = list.current;
    if (enhanced || !element) return;
    const enhance = () => setEnhanced(true);
    const stopWatching = whenReached(element, 600, enhance);
    element.addEventListener("pointerenter", enhance);
    element.addEventListener("focusin", enhance);
    return () => {
      stopWatching();
      element.removeEventListener("pointerenter", enhance);
      element.removeEventListener("focusin", enhance);
    };
  }, [enhanced]);

  const plain = (
    <ul ref={list} className="grid content-start gap-3 sm:grid-cols-2">
      {features.map((feature) => (
        <li key={feature}>
          <div className={vipItemClass}>
            <VipItemLabel feature={feature} hasTooltip={vipTooltipText(feature, currency) !== null} />
          </div>
        </li>
      ))}
    </ul>
  );
  if (!enhanced) return plain;
  return (
    <Suspense fallback={plain}>
      <VipTooltipList features={features} currency={currency} />
    </Suspense>
  );
}
