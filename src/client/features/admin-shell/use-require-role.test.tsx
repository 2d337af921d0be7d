// @vitest-environment jsdom
import { useQuery } from "@tanstack/react-query";
import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Role } from "../../../shared/constants";
import { passTime } from "../../test/clock";
import { fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import { AdminHeader } from "./admin-header";
import { isSigningOut } from "./admin-shell-api";
import { type RequireRoleOptions, useRequireRole } from "./use-require-role";

function Probe({ roles, options }: { roles: Role[]; options?: RequireRoleOptions }) {
  const { user, status } = useRequireRole(roles, options);
  return <p data-testid="probe">{`${status}:${user?.role ?? "none"}`}</p>;
}

/** Makes an admin call that may answer 401 (a session that ended while the page was open). */
function AdminCall() {
  useQuery({ queryKey: ["/api/admin/users"] });
  return null;
}

let hrefs: string[];
function renderProbe(user: object | null, roles: Role[], options?: RequireRoleOptions, extra?: React.ReactNode) {
  let signedIn = user;
  fakeApi(({ url }) => {
    if (url === "/api/auth/user") {
      return signedIn ? Response.json(signedIn) : Response.json({ message: "Unauthorized" }, { status: 401 });
    }
    signedIn = null;
    return Response.json({ message: "Unauthorized" }, { status: 401 });
  });
  const { location } = renderWithClient(
    <>
      <Probe roles={roles} options={options} />
      {extra}
    </>,
    { toaster: true, path: "/admin/dashboard" },
  );
  return location!;
}

beforeEach(() => {
  hrefs = [];
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const fakeLocation = {
    ...window.location,
    set href(value: string) {
      hrefs.push(value);
    },
  };
  vi.stubGlobal("location", fakeLocation);
});
afterEach(resetClientTest);

const probe = () => screen.getByTestId("probe").textContent;

describe("useRequireRole", () => {
  it("lets an allowed role through", async () => {
    renderProbe({ id: "1", role: "staff" }, ["owner", "staff"]);
    await vi.waitFor(() => expect(probe()).toBe("allowed:staff"));
  });

  it("signed out: Unauthorized toast, then /api/login after 0.5 s (not before)", async () => {
    renderProbe(null, ["owner", "staff"]);
    const toast = await screen.findByRole("alert");
    expect(toast.textContent).toContain("Unauthorized");
    expect(toast.textContent).toContain("You are logged out. Logging in again...");
    await passTime(400);
    expect(hrefs).toEqual([]);
    await passTime(150);
    expect(hrefs).toEqual(["/api/login"]);
  });

  it.each([
    ["vendor", "/admin/vendor"],
    ["guest", "/admin/guest"],
  ])("sends a %s on the dashboard to %s", async (role, path) => {
    const location = renderProbe({ id: "1", role }, ["owner", "staff"]);
    await vi.waitFor(() => expect(location.history?.at(-1)).toBe(path));
  });

  it("any other role: Access Denied toast and back to /", async () => {
    const location = renderProbe({ id: "1", role: "intern" }, ["owner", "staff"]);
    const toast = await screen.findByRole("alert");
    expect(toast.textContent).toContain("Access Denied");
    expect(toast.textContent).toContain("You don't have permission to access this area.");
    expect(location.history?.at(-1)).toBe("/");
  });

  it("in a portal, reports denied instead of redirecting", async () => {
    const location = renderProbe({ id: "1", role: "staff" }, ["vendor"], { onWrongRole: "show" });
    await vi.waitFor(() => expect(probe()).toBe("denied:none"));
    expect(location.history).toEqual(["/admin/dashboard"]);
  });

  it("treats a 401 from any admin call as signed out", async () => {
    renderProbe({ id: "1", role: "owner" }, ["owner"], undefined, <AdminCall />);
    expect((await screen.findByRole("alert")).textContent).toContain("Unauthorized");
    await passTime(600);
    expect(hrefs).toEqual(["/api/login"]);
  });

  it("after Logout is followed, a 401 from a read still in flight neither toasts nor steers to the sign-in page", async () => {
    const owner = { id: "1", role: "owner", firstName: "Ana" };
    let answerAdminCall: (response: Response) => void = () => {};
    let signedIn = true;
    fakeApi(({ url }) => {
      if (url === "/api/auth/user") {
        return signedIn ? Response.json(owner) : Response.json({ message: "Unauthorized" }, { status: 401 });
      }
      return new Promise<Response>((resolve) => {
        answerAdminCall = resolve;
      });
    });
    renderWithClient(
      <>
        <AdminHeader user={owner as never} />
        <Probe roles={["owner"]} />
        <AdminCall />
      </>,
      { toaster: true, path: "/admin/dashboard" },
    );
    await vi.waitFor(() => expect(probe()).toBe("allowed:owner"));
    const logout = screen.getByRole("link", { name: "Logout" });
    expect(logout.getAttribute("href")).toBe("/api/logout");
    // jsdom does not navigate; the click still runs the link's handler, as in a browser.
    logout.addEventListener("click", (event) => event.preventDefault());
    fireEvent.click(logout);
    signedIn = false;
    answerAdminCall(Response.json({ message: "Unauthorized" }, { status: 401 }));
    await vi.waitFor(() => expect(probe()).toBe("redirecting:none"));
    await passTime(600);
    expect(hrefs).toEqual([]);
    expect(screen.queryByRole("alert")).toBeNull();

    // Back on the page from the back/forward cache, a 401 is a signed-out session again.
    window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
    expect(isSigningOut()).toBe(false);
  });
});
