import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { staffRoles } from "../../auth/guards";
import { AppError, apiErrorSchema } from "../../http/errors";
import { auditContext } from "../audit/audit.service";
import { enqueueEncode } from "./photos.jobs";
import { maxPhotoBytes, mediaFile, photoMessages, photoStatuses, storeUpload } from "./photos.service";

const tags = ["admin", "site"];

const statusSchema = z.object({
  id: z.uuid(),
  status: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  error: z.string().nullable(),
});

/** "<sha256 hex>-<width>.<avif|webp>": the content-hashed names the variants are served under. */
const mediaName = /^[0-9a-f]{64}-\d{1,5}\.(avif|webp)$/;

/**
 * POST /api/admin/photos?alt=&role=&retreatId= with the image as the raw body (owner and staff);
 * GET /api/admin/photos?ids= for the Site tab to follow encoding; GET /media/<hash>-<width>.<ext>
 * for everyone, cacheable for a year (the name changes with the content).
 */
export async function registerPhotoRoutes(app: FastifyInstance) {
  // Its own scope: only the upload takes a raw body, and only it may be up to 15 MB.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: maxPhotoBytes }, (_request, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/admin/photos",
      {
        config: { roles: staffRoles },
        bodyLimit: maxPhotoBytes,
        // Refused from its declared length before the body is read.
        onRequest: async (request) => {
          const length = Number(request.headers["content-length"] ?? 0);
          if (length > maxPhotoBytes) throw new AppError("payload_too_large", photoMessages.tooLarge);
        },
        schema: {
          tags,
          querystring: z.object({
            alt: z.string().max(2000).optional(),
            role: z.string().max(20).optional(),
            retreatId: z.uuid("retreatId must be a retreat id").optional(),
          }),
          response: { 201: statusSchema, 400: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { alt, role, retreatId } = request.query;
        const stored = await storeUpload(
          app.db,
          { body: request.body, alt, role, retreatId: retreatId ?? null },
          auditContext(request),
        );
        await enqueueEncode(app, stored.id);
        return reply.status(201).send(stored);
      },
    );
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/admin/photos",
    {
      config: { roles: staffRoles },
      schema: {
        tags,
        querystring: z.object({ ids: z.string().max(4000).default("") }),
        response: { 200: z.object({ photos: z.array(statusSchema) }), 400: apiErrorSchema },
      },
    },
    async (request) => {
      const ids = request.query.ids.split(",").filter(Boolean);
      if (ids.some((id) => !z.uuid().safeParse(id).success)) throw new AppError("bad_request", photoMessages.notFound);
      return { photos: await photoStatuses(app.db, ids) };
    },
  );

  app.get<{ Params: { name: string } }>("/media/:name", { schema: { hide: true } }, async (request, reply) => {
    const file = request.params.name;
    const found = mediaName.test(file) ? await mediaFile(app.db, file) : null;
    if (!found) throw new AppError("not_found", photoMessages.notFound);
    return reply
      .header("cache-control", "public, max-age=31536000, immutable")
      .type(`image/${found.format}`)
      .send(found.bytes);
  });
}
