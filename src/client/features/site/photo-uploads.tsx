/**
 * The Site tab's photos (decision 018): the hero, the gallery (add, reorder, remove) and team
 * portraits. A file is uploaded with its alt text as soon as it is chosen; the server encodes it
 * in the background, and the photo joins the draft once its variants are ready, so a saved or
 * published draft never points at a photo the page cannot show yet (it keeps the previous one).
 */
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { PhotoRef } from "../../../shared/schemas/site-content";
import { galleryPhotoLimit } from "../../../shared/site-content-limits";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import type { SiteForm } from "./site-form";

export const photosPath = "/api/admin/photos";

export interface PhotoStatus {
  id: string;
  status: "pending" | "ready" | "failed" | string;
  alt: string;
  width: number;
  height: number;
  error: string | null;
}

const accept = "image/jpeg,image/png,image/webp,image/heic,image/heif";
const pollMs = 1000;

async function messageOf(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  return body?.message ?? `The photo was not uploaded (${res.status}). Please try again.`;
}

async function statuses(ids: string[]): Promise<PhotoStatus[]> {
  if (ids.length === 0) return [];
  const res = await fetch(`${photosPath}?ids=${ids.map(encodeURIComponent).join(",")}`, { credentials: "include" });
  if (!res.ok) throw new Error(await messageOf(res));
  return ((await res.json()) as { photos: PhotoStatus[] }).photos;
}

/** Uploads one file, then waits for its variants. Resolves with the ready photo; throws the reason otherwise. */
export async function uploadPhoto(
  file: File,
  alt: string,
  role: "hero" | "gallery" | "team",
  retreatId: string,
  onStatus: (text: string) => void,
): Promise<PhotoStatus> {
  onStatus("Uploading...");
  const query = new URLSearchParams({ alt, role, retreatId });
  const res = await fetch(`${photosPath}?${query}`, {
    method: "POST",
    headers: { "Content-Type": file.type || "application/octet-stream" },
    body: file,
    credentials: "include",
  });
  if (!res.ok) throw new Error(await messageOf(res));
  let photo = (await res.json()) as PhotoStatus;
  onStatus("Preparing the photo for the site...");
  while (photo.status === "pending") {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    photo = (await statuses([photo.id]))[0] ?? { ...photo, status: "failed", error: "The photo was removed" };
  }
  if (photo.status !== "ready") throw new Error(photo.error ?? "The photo could not be prepared");
  return photo;
}

/** Alt texts of the photos the draft refers to, to name them in the editor. */
function usePhotoNames(ids: string[]) {
  const key = [...ids].sort().join(",");
  const query = useQuery({ queryKey: ["site-photos", key], queryFn: () => statuses(ids), enabled: ids.length > 0 });
  return new Map((query.data ?? []).map((photo) => [photo.id, photo.alt]));
}

/** A file input, its alt text and an Upload button; calls onReady with the photo once it can be shown. */
export function PhotoUploader({
  label,
  use,
  retreatId,
  onReady,
  disabled = false,
}: {
  label: string;
  use: "hero" | "gallery" | "team";
  retreatId: string;
  onReady: (photo: PhotoStatus) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState("");
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [inputKey, setInputKey] = useState(0);

  const start = async () => {
    setError(null);
    if (!file) return setError("Choose a photo first");
    if (!alt.trim()) return setError("Describe the photo in the alt text: people who cannot see it hear this instead.");
    setBusy(true);
    try {
      const photo = await uploadPhoto(file, alt.trim(), use, retreatId, setStatus);
      onReady(photo);
      setFile(null);
      setAlt("");
      setInputKey((k) => k + 1);
      setStatus("Photo ready: save the draft to keep it.");
    } catch (failure) {
      setStatus(null);
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="grid gap-2 rounded-md border border-border p-3" data-photo-uploader={use}>
      <legend className="px-1 text-sm font-medium">{label}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-file`}>Photo file</Label>
          <input
            key={inputKey}
            id={`${id}-file`}
            type="file"
            accept={accept}
            disabled={busy || disabled}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            // A file input is about 300 px wide by itself: on a phone, inside the card's and the
            // fieldset's padding, it pushed the whole Site tab wider than the screen.
            className="w-full min-w-0 text-sm"
          />
          <p className="text-xs text-muted-foreground">JPEG, PNG, WebP or HEIC, at most 15 MB.</p>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-alt`}>Alt text (required)</Label>
          <Input
            id={`${id}-alt`}
            value={alt}
            maxLength={300}
            disabled={busy || disabled}
            onChange={(event) => setAlt(event.target.value)}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" onClick={start} disabled={busy || disabled}>
          {busy ? "Uploading..." : "Upload photo"}
        </Button>
        {status ? (
          <span className="text-sm text-muted-foreground" aria-live="polite">
            {status}
          </span>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function move<T>(list: T[], from: number, to: number): T[] {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item!);
  return copy;
}

/** The hero photo and the gallery: uploaded photos replace the illustrations on the page. */
export function PhotosEditor({ form, retreatId }: { form: SiteForm; retreatId: string }) {
  // Watched and set rather than registered: a registered field that is absent from the draft
  // would count as an unsaved edit (older drafts have no photos).
  const photos = form.watch("photos") ?? { hero: null, gallery: [] };
  const set = (next: { hero: PhotoRef | null; gallery: PhotoRef[] }) =>
    form.setValue("photos", next, { shouldDirty: true });
  const names = usePhotoNames([...(photos.hero ? [photos.hero.id] : []), ...photos.gallery.map((ref) => ref.id)]);
  const name = (ref: PhotoRef) => names.get(ref.id) ?? "Uploaded photo";

  return (
    <div className="grid gap-4">
      <div className="grid gap-2" data-testid="hero-photo">
        <p className="text-sm">
          Hero picture: <strong>{photos.hero ? name(photos.hero) : "the illustration (no photo uploaded)"}</strong>
        </p>
        {photos.hero ? (
          <div>
            <Button variant="outline" size="sm" onClick={() => set({ ...photos, hero: null })}>
              Use the illustration again
            </Button>
          </div>
        ) : null}
        <PhotoUploader
          label={photos.hero ? "Replace the hero photo" : "Upload a hero photo"}
          use="hero"
          retreatId={retreatId}
          onReady={(photo) => set({ ...photos, hero: { id: photo.id } })}
        />
      </div>
      <div className="grid gap-2">
        <p className="text-sm">
          Gallery:{" "}
          {photos.gallery.length === 0
            ? "the twelve illustrations (no photos uploaded)"
            : `${photos.gallery.length} of ${galleryPhotoLimit} photos`}
        </p>
        {photos.gallery.length > 0 ? (
          <ol className="grid gap-2" aria-label="Gallery photos">
            {photos.gallery.map((ref, index) => (
              <li key={ref.id} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="mr-auto">
                  {index + 1}. {name(ref)}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={index === 0}
                  aria-label={`Move ${name(ref)} up`}
                  onClick={() => set({ ...photos, gallery: move(photos.gallery, index, index - 1) })}
                >
                  Up
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={index === photos.gallery.length - 1}
                  aria-label={`Move ${name(ref)} down`}
                  onClick={() => set({ ...photos, gallery: move(photos.gallery, index, index + 1) })}
                >
                  Down
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Remove ${name(ref)}`}
                  onClick={() => set({ ...photos, gallery: photos.gallery.filter((_, i) => i !== index) })}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ol>
        ) : null}
        <PhotoUploader
          label="Add a gallery photo"
          use="gallery"
          retreatId={retreatId}
          disabled={photos.gallery.length >= galleryPhotoLimit}
          onReady={(photo) => set({ ...photos, gallery: [...photos.gallery, { id: photo.id }] })}
        />
      </div>
    </div>
  );
}

/** A team member's uploaded portrait: shown instead of the picture chosen above once ready. */
export function TeamPhotoField({
  form,
  name,
  retreatId,
}: {
  form: SiteForm;
  name: `team.${number}.photo`;
  retreatId: string;
}) {
  const value = form.watch(name);
  const field = { value, onChange: (next: PhotoRef | null) => form.setValue(name, next, { shouldDirty: true }) };
  const names = usePhotoNames(value ? [value.id] : []);
  return (
    <div className="grid gap-2">
      {field.value ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span>
            Portrait photo: <strong>{names.get(field.value.id) ?? "Uploaded photo"}</strong>
          </span>
          <Button variant="outline" size="sm" onClick={() => field.onChange(null)}>
            Remove portrait photo
          </Button>
        </div>
      ) : null}
      <PhotoUploader
        label="Portrait photo"
        use="team"
        retreatId={retreatId}
        onReady={(photo) => field.onChange({ id: photo.id })}
      />
    </div>
  );
}
