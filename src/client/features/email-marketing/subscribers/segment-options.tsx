import { subscriberSegments } from "../../../../shared/schemas/email-subscribers";
import { segmentLabel } from "./subscriber-labels";

/** <option>s for the segments a contact can be put in. */
export function SegmentOptions() {
  return subscriberSegments.map((segment) => (
    <option key={segment} value={segment}>
      {segmentLabel(segment)}
    </option>
  ));
}
