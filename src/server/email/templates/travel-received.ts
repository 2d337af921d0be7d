import { compileEmail, type RenderedEmail, renderEmail } from "../render";

const templates = compileEmail({
  subject: "We've received your travel information",
  content: `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;font-weight:normal;">Thank you, {{ firstName }}!</h1>
<p style="margin:0 0 16px;">We've received your travel information for {{ retreatName }}.</p>
<p style="margin:0 0 16px;">{% if airportPickupRequired %}You asked for an airport pickup: we'll confirm the details closer to your arrival.{% else %}If your plans change, you can send the form again and we'll keep the latest details.{% endif %}</p>
<p style="margin:0;"><a href="{{ travelFormUrl }}" style="color:#4f6b3f;">Update your travel information</a></p>`,
  footer: `<p style="margin:0;">We use these details only for retreat logistics and emergencies.</p>`,
});

export type TravelReceivedData = {
  firstName: string;
  retreatName: string;
  airportPickupRequired: boolean;
  travelFormUrl: string;
};

export function renderTravelReceived(data: TravelReceivedData): Promise<RenderedEmail> {
  return renderEmail(templates, data);
}
