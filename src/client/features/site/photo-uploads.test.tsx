// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AdminSiteContent, SiteContent } from "../../../shared/schemas/site-content";
import { fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest, stubResizeObserver } from "../../test/render";
import { SiteEditorFor } from "./site-editor";

configure({ asyncUtilTimeout: 10_000 });

const retreatId = "11111111-1111-4111-8111-111111111111";
const photoA = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const photoB = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";

const draft: SiteContent = {
  hero: { eyebrow: "By application only", title: "Bali", lead: "Ten days in Bali." },
  about: { eyebrow: "Why Bali", title: "An island", body: "Bali." },
  included: [{ icon: "house", title: "A villa", text: "Ten nights." }],
  schedule: [{ title: "Arrival", description: "Everyone arrives." }],
  dates: { label: "May", detail: "" },
  audience: [{ title: "Vegans", text: "Who care." }],
  faq: [{ question: "How many?", answer: "15." }],
  team: [],
  contact: { email: "hello@example.com", social: [] },
  notice: { show: false, text: "Soon." },
  photos: { hero: null, gallery: [{ id: photoA }] },
};

const site: AdminSiteContent = {
  retreatId,
  retreatName: "Bali",
  retreatStatus: "open",
  draft,
  published: draft,
  publishedAt: null,
  publishedVersion: 1,
  hasUnpublishedChanges: false,
  updatedAt: new Date().toISOString(),
};

const status = (id: string, alt: string, state = "ready") => ({
  id,
  status: state,
  alt,
  width: 800,
  height: 600,
  error: null,
});

function setup(upload: () => Response) {
  let polls = 0;
  const api = fakeApi({
    "GET /api/admin/retreats": () => Response.json([]),
    [`GET /api/admin/site?retreatId=${retreatId}`]: () => Response.json(site),
    "POST /api/admin/photos": upload,
    "GET /api/admin/photos": (call) => {
      const ids = new URL(call.url, "http://x").searchParams.get("ids")!.split(",");
      polls += 1;
      return Response.json({
        photos: ids.map((id) =>
          id === photoA ? status(photoA, "Rice terraces") : status(photoB, "The pool", polls > 1 ? "ready" : "pending"),
        ),
      });
    },
    "PUT /api/admin/site/draft": (call) =>
      Response.json({ ...site, draft: (call.body as { content: SiteContent }).content }),
  });
  renderWithClient(<SiteEditorFor retreatId={retreatId} canPublish={false} />, { toaster: true });
  return api;
}

beforeAll(stubResizeObserver);
afterEach(resetClientTest);

const galleryUploader = () => document.querySelector<HTMLElement>('[data-photo-uploader="gallery"]')!;

function choose(uploader: HTMLElement, file: File, alt: string) {
  fireEvent.change(within(uploader).getByLabelText("Photo file"), { target: { files: [file] } });
  fireEvent.change(within(uploader).getByLabelText("Alt text (required)"), { target: { value: alt } });
  fireEvent.click(within(uploader).getByRole("button", { name: "Upload photo" }));
}

describe("Site tab photos", () => {
  it("uploads a gallery photo with its alt text, waits until it is ready, then saves it in the draft", async () => {
    const api = setup(() => Response.json(status(photoB, "The pool", "pending"), { status: 201 }));
    await screen.findByRole("form", { name: "Site content" });
    expect(await screen.findByText("1. Rice terraces")).toBeTruthy();
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], "pool.jpg", { type: "image/jpeg" });
    choose(galleryUploader(), file, "The pool");

    expect(await screen.findByText("2. The pool", {}, { timeout: 10_000 })).toBeTruthy();
    const post = api.writes().find((call) => call.method === "POST")!;
    expect(post.url).toBe(`/api/admin/photos?alt=The+pool&role=gallery&retreatId=${retreatId}`);
    expect(post.body).toBe(file);

    fireEvent.click(screen.getByRole("button", { name: "Move The pool up" }));
    await waitFor(() => expect(screen.getByText("1. The pool")).toBeTruthy());
    fireEvent.click(screen.getByRole("button", { name: "Remove Rice terraces" }));
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(api.writes().filter((call) => call.method === "PUT")).toHaveLength(1));
    const put = api.writes().find((call) => call.method === "PUT")!;
    expect((put.body as { content: SiteContent }).content.photos).toEqual({ hero: null, gallery: [{ id: photoB }] });
  });

  it("shows the server's reason for a refused file and adds nothing", async () => {
    const api = setup(() =>
      Response.json(
        { message: "This file is not a photo we can use: upload a JPEG, PNG, WebP or HEIC image." },
        { status: 415 },
      ),
    );
    await screen.findByRole("form", { name: "Site content" });
    choose(galleryUploader(), new File(["hello"], "notes.txt", { type: "text/plain" }), "Notes");
    expect((await within(galleryUploader()).findByRole("alert")).textContent).toBe(
      "This file is not a photo we can use: upload a JPEG, PNG, WebP or HEIC image.",
    );
    expect(screen.queryByText("2. Notes")).toBeNull();
    expect(api.writes().filter((call) => call.method === "PUT")).toHaveLength(0);
  });

  it("asks for alt text before uploading", async () => {
    const api = setup(() => Response.json(status(photoB, "x"), { status: 201 }));
    await screen.findByRole("form", { name: "Site content" });
    choose(galleryUploader(), new File([new Uint8Array([1])], "a.jpg", { type: "image/jpeg" }), "  ");
    expect((await within(galleryUploader()).findByRole("alert")).textContent).toMatch(/alt text/);
    expect(api.writes().filter((call) => call.method === "POST")).toHaveLength(0);
  });
});
