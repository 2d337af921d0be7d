import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { authUserQuery, authUserQueryKey } from "../../lib/use-auth";
import { startEarlyQueries } from "./early-queries";
import { seasonPath, seasonsPath } from "./use-season";

function stubFetch(status = 200) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      calls.push(url);
      const body = url === authUserQueryKey[0] ? { id: 1, role: "owner" } : [];
      return status === 200 ? Response.json(body) : new Response("Unauthorized", { status });
    }),
  );
  return calls;
}

describe("startEarlyQueries: an admin page's first questions are asked as the app starts", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("the dashboard asks for the sign-in check and its season at once, under the keys the page reads", async () => {
    const calls = stubFetch();
    const client = createQueryClient();
    startEarlyQueries(client, "/ADMIN/dashboard");
    expect(calls.sort()).toEqual([authUserQueryKey[0], seasonPath, seasonsPath].sort());
    await vi.waitFor(() => expect(client.getQueryData(authUserQueryKey)).toEqual({ id: 1, role: "owner" }));
    // The page's own query finds the answer: no second request.
    await client.fetchQuery(authUserQuery);
    expect(calls).toHaveLength(3);
  });

  it("other admin pages ask only who is signed in; public pages ask nothing", () => {
    const calls = stubFetch();
    startEarlyQueries(createQueryClient(), "/admin/vendor");
    expect(calls).toEqual([authUserQueryKey[0]]);
    calls.length = 0;
    for (const path of ["/", "/travel-form/abc", "/email/preferences/x", "/no-such-page"]) {
      startEarlyQueries(createQueryClient(), path);
    }
    expect(calls).toEqual([]);
  });

  it("signed out, the check answers null (the page's guard sends the visitor to sign in)", async () => {
    stubFetch(401);
    const client = createQueryClient();
    startEarlyQueries(client, "/admin/dashboard");
    await vi.waitFor(() => expect(client.getQueryState(authUserQueryKey)?.status).toBe("success"));
    expect(client.getQueryData(authUserQueryKey)).toBeNull();
    await vi.waitFor(() => expect(client.getQueryState([seasonPath])?.status).toBe("error"));
  });
});
