import { describe, expect, it } from "vitest";
import { closingBandMarker, withTestimonials } from "./testimonials-block";

const page = `<main><section id="team">team</section>${closingBandMarker} class="x">closing</section></main>`;

describe("testimonials block", () => {
  it("renders nothing at all while no quote is chosen", () => {
    expect(withTestimonials(page, [])).toBe(page);
  });

  it("goes after the team and before the closing band, with the guest's words escaped", () => {
    const html = withTestimonials(page, [
      { quote: "<script>x</script> wonderful", firstName: "Ada", retreatName: "R" },
    ]);
    expect(html.indexOf("Testimonials")).toBeGreaterThan(html.indexOf('id="team"'));
    expect(html.indexOf("Testimonials")).toBeLessThan(html.indexOf(closingBandMarker));
    expect(html).toContain("&lt;script&gt;x&lt;/script&gt; wonderful");
    expect(html).not.toContain("<script>");
  });
});
