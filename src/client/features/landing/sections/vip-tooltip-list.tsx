import * as Tooltip from "@radix-ui/react-tooltip";
import { VipItemLabel, type VipItemsProps, vipItemClass, vipTooltipText } from "./vip-items";

/** Spec: tooltips open after 700 ms, with a 300 ms skip delay. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export default function VipTooltipList({ features, currency }: VipItemsProps) {
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <ul className="grid content-start gap-3 sm:grid-cols-2">
        {features.map((feature) => {
          const text = vipTooltipText(feature, currency);
          if (!text) {
            return (
              <li key={feature}>
                <div className={vipItemClass}>
                  <VipItemLabel feature={feature} hasTooltip={false} />
                </div>
              </li>
            );
          }
          return (
            <li key={feature}>
              <Tooltip.Root>
                <Tooltip.Trigger type="button" className={vipItemClass}>
                  <VipItemLabel feature={feature} hasTooltip />
                </Tooltip.Trigger>
                <Tooltip.Portal>
                  <Tooltip.Content
                    side="top"
                    sideOffset={8}
                    className="z-50 max-w-64 animate-fade-in rounded-xl bg-ivory px-4 py-3 text-sm leading-snug text-ink shadow-xl"
                  >
                    {text}
                    <Tooltip.Arrow className="fill-ivory" />
                  </Tooltip.Content>
                </Tooltip.Portal>
              </Tooltip.Root>
            </li>
          );
        })}
      </ul>
    </Tooltip.Provider>
  );
}
