// @vitest-environment jsdom
import { act, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { travelFormClosedMessage } from "../../../shared/schemas/travel";
import { fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest, stubResizeObserver } from "../../test/render";
import { todayIso } from "./travel-form";
import TravelFormPage from "./travel-form-page";

// The machine is shared and slow at times: give async UI more than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

stubResizeObserver();

const applicationId = "2f1c7c1e-8a4b-4c59-9a43-5f0d2b7e9a11";

/**
 * Renders the page for a link whose check (GET) answers `link` and whose submission (POST)
 * answers `respond`, and waits for the form (or, for a closed link, for the check's answer).
 */
async function setup(
  respond: () => Promise<Response> = async () => Response.json({ success: true, message: "Saved!" }),
  link: () => Response = () => Response.json({ open: true }),
) {
  const { fetchMock } = fakeApi(({ method }) => (method === "POST" ? respond() : link()));
  renderWithClient(<TravelFormPage params={{ applicationId }} />, { toaster: true });
  await waitFor(() => expect(screen.queryByRole("heading", { name: "Loading…" })).toBeNull());
  return fetchMock;
}

/** The submissions among the calls (the link check is a GET). */
const posts = (fetchMock: Awaited<ReturnType<typeof setup>>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Submit Travel Information" }));

function fillRequired() {
  type(/^Insurance provider/, "World Nomads");
  type(/^Policy number/, "WN-123");
  type(/^Policy expiry date/, "2030-12-31");
  type(/^Full name/, "Bo Byron");
  type(/^Relationship/, "Partner");
  type(/^Phone number/, "+44 7700 900456");
  type(/^Passport number/, "123456789");
  type(/^Nationality/, "British");
  type(/^Passport expiry date/, "2031-01-01");
}

describe("TravelFormPage", () => {
  afterEach(resetClientTest);

  it("says the link is invalid when the application id is not one", () => {
    renderWithClient(<TravelFormPage params={{ applicationId: "123" }} />);
    expect(screen.getByRole("heading", { name: "Invalid Link" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Submit Travel Information" })).toBeNull();
  });

  it("shows the sections, the required note, hints and expiry pickers that start today", async () => {
    const fetchMock = await setup();
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/travel-compliance/${applicationId}`);
    expect(screen.getByRole("main")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Travel Compliance Form" })).toBeTruthy();
    for (const name of [
      /Travel Insurance/,
      /Flight Details/,
      /Emergency Contact/,
      /Passport Information/,
      /Medical & Dietary Information/,
      /Additional Information/,
    ]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeTruthy();
    }
    expect(screen.getByText(/are required/).textContent).toContain("*");
    expect(screen.getByText("Include coverage amounts and any exclusions.")).toBeTruthy();
    expect(screen.getByText("Must be valid for at least 6 months after the retreat date.")).toBeTruthy();
    expect(screen.getByText("All meals are plant-based.")).toBeTruthy();
    expect(field(/^Phone number/).getAttribute("aria-describedby")).toContain("hint");

    const today = todayIso();
    expect(field(/^Policy expiry date/).type).toBe("date");
    expect(field(/^Policy expiry date/).min).toBe(today);
    expect(field(/^Passport expiry date/).min).toBe(today);
    expect(screen.getAllByLabelText(/^Departure date and time/)).toHaveLength(2);

    const pickup = screen.getByRole("checkbox", { name: "I need an airport pickup" });
    expect(pickup.getAttribute("aria-checked")).toBe("false");
    expect(screen.getByRole("contentinfo").textContent).toMatch(/retreat logistics/);
  });

  it("shows the required messages and focuses the first invalid field", async () => {
    const fetchMock = await setup();
    submit();
    for (const message of [
      "Please provide your insurance provider",
      "Please provide your policy number",
      "Insurance expiry date is required",
      "Please provide emergency contact name",
      "Please provide relationship",
      "Please provide emergency contact phone",
      "Please provide your passport number",
      "Please provide your nationality",
      "Passport expiry date is required",
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(document.activeElement).toBe(field(/^Insurance provider/));
    expect(field(/^Insurance provider/).getAttribute("aria-invalid")).toBe("true");
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it("submits with the application id, shows Submitting..., then the thank-you screen", async () => {
    let respond: (res: Response) => void = () => {};
    const fetchMock = await setup(
      () =>
        new Promise<Response>((resolve) => {
          respond = resolve;
        }),
    );
    fillRequired();
    fireEvent.change(document.getElementById("travel-outboundFlightNumber") as HTMLInputElement, {
      target: { value: "QR 960" },
    });
    fireEvent.click(screen.getByRole("checkbox", { name: "I need an airport pickup" }));
    submit();

    const pending = (await screen.findByRole("button", { name: "Submitting..." })) as HTMLButtonElement;
    expect(pending.disabled).toBe(true);
    const [url, init] = posts(fetchMock)[0]!;
    expect(url).toBe("/api/travel-compliance");
    const body = JSON.parse(String(init?.body));
    expect(body).toMatchObject({
      applicationId,
      insuranceProvider: "World Nomads",
      insuranceExpiryDate: "2030-12-31",
      passportExpiryDate: "2031-01-01",
      outboundFlightNumber: "QR 960",
      returnFlightNumber: "",
      outboundDepartureDate: "",
      emergencyContactEmail: "",
      airportPickupRequired: true,
    });

    await act(async () => {
      respond(Response.json({ success: true, message: "Travel information received" }));
    });
    expect(await screen.findByRole("heading", { name: "Thank you for submitting!" })).toBeTruthy();
    const toast = screen.getByRole("status");
    expect(toast.textContent).toContain("Success!");
    expect(toast.textContent).toContain("Travel information received");
    expect(screen.queryByRole("button", { name: "Submit Travel Information" })).toBeNull();
    expect(screen.getAllByRole("link", { name: /@/ }).length).toBeGreaterThan(0);
  });

  it("uses the default success text when the server sends no message", async () => {
    await setup(async () => Response.json({ success: true }));
    fillRequired();
    submit();
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toContain("Thank you for submitting your travel information!"),
    );
  });

  it("stays on the form with the server's message when it refuses", async () => {
    await setup(async () => Response.json({ message: "Application not found" }, { status: 404 }));
    fillRequired();
    submit();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Submission Failed");
    expect(alert.textContent).toContain("Application not found");
    expect(field(/^Insurance provider/).value).toBe("World Nomads");
  });

  it("uses the default failure text when the answer has no message", async () => {
    await setup(async () => new Response("<html>oops</html>", { status: 502 }));
    fillRequired();
    submit();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("There was an error submitting your form. Please try again.");
  });

  it("puts the server's field errors next to their fields", async () => {
    await setup(async () =>
      Response.json(
        { message: "Invalid input", errors: [{ path: "nationality", message: "Please provide your nationality" }] },
        { status: 400 },
      ),
    );
    fillRequired();
    submit();
    expect(await screen.findByText("Please provide your nationality")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field(/^Nationality/)));
  });

  it("a link for an application without a place says why instead of showing the form", async () => {
    const fetchMock = await setup(undefined, () =>
      Response.json({ message: travelFormClosedMessage }, { status: 409 }),
    );
    expect(await screen.findByRole("heading", { name: "Travel Form Not Available" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain(travelFormClosedMessage);
    expect(screen.queryByRole("button", { name: "Submit Travel Information" })).toBeNull();
    expect(screen.getAllByRole("link", { name: /@/ }).length).toBeGreaterThan(0);
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it.each([
    ["an unknown application", () => Response.json({ message: "Application not found" }, { status: 404 })],
    ["a failed check", () => new Response("<html>oops</html>", { status: 502 })],
  ])("%s still gets the form: the submission answers for it", async (_name, link) => {
    await setup(undefined, link);
    expect(screen.getByRole("button", { name: "Submit Travel Information" })).toBeTruthy();
  });

  it("a refusal after the form opened (the place was given up meanwhile) shows 'Submission Failed' with the reason", async () => {
    await setup(async () => Response.json({ message: travelFormClosedMessage }, { status: 409 }));
    fillRequired();
    submit();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Submission Failed");
    expect(alert.textContent).toContain(travelFormClosedMessage);
    expect(field(/^Passport number/).value).toBe("123456789");
    expect(screen.queryByRole("heading", { name: "Thank you for submitting!" })).toBeNull();
  });
});
