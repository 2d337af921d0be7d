import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import Fastify, { type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { registerAuth } from "./auth/register-auth";
import type { Config } from "./config";
import { type Database, type Db, openDatabase } from "./db/client";
import { databaseTemplatePath } from "./db/database-template";
import { seedBaseData } from "./db/seed";
import { emailSendJob, outboxWarnings, sendRetry } from "./email/outbox";
import { encryptSensitiveFieldsAtStartup } from "./encryption/encrypt-plaintext";
import { createFieldCipher, type FieldCipher } from "./encryption/field-encryption";
import { registerFeatureRoutes } from "./features";
import { applicationKnownAddressJob } from "./features/applications/applications.service";
import { isSetupCodeLive } from "./features/auth/first-owner-setup.service";
import { formIntakeQueues, submissionsToFile } from "./features/public-forms/form-intake.service";
import { loadLandingRenderer, type RenderLanding } from "./features/public-site/landing-renderer";
import { servedLanding } from "./features/public-site/public-site.service";
import { seedFirstSeasonSite } from "./features/site-content/site-content.service";
import { waitlistKnownAddressJob } from "./features/waitlist/waitlist.service";
import { registerApiDocs } from "./http/api-docs";
import { clientKey } from "./http/client-key";
import { registerCsrfProtection } from "./http/csrf";
import { registerErrorHandling } from "./http/errors";
import { registerHealthRoutes } from "./http/health.routes";
import { sensitiveLogPaths, serializeErrorForLog, serializeRequestForLog } from "./http/log-redaction";
import { registerNoStore } from "./http/no-store";
import { registerNulCharacterRefusal } from "./http/nul-characters";
import { countsRateLimitsInDatabase, databaseRateLimitStore } from "./http/rate-limit-store";
import { readableLogStream } from "./http/readable-log";
import { registerSecurityHeaders } from "./http/security-headers";
import { registerStaticClient } from "./http/static-client";
import { registerJobHandlers } from "./jobs/handlers";
import { type JobQueue, startJobQueue } from "./jobs/queue";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    queue: JobQueue | null;
    /** Encrypts and decrypts passport and medical fields (src/server/encryption/field-encryption.ts). */
    fieldCipher: FieldCipher;
    /** Renders the landing page (features/public-site); null without a client build. */
    landingRenderer: RenderLanding | null;
  }
}

export type AppInstance = FastifyInstance;

export type BuildOptions = {
  /** Reuse an open database (tests that restart the app on one database); the app will not close it. */
  database?: Database;
  /** With an in-memory database, start from this snapshot (tests: a migrated database). */
  memorySnapshot?: Blob;
  /** Where log lines go instead of stdout (tests that read the log). */
  logStream?: { write(line: string): void };
  /**
   * How "/" is rendered: by default the client build's server render (dist/ssr), when there is one.
   * Tests give their own; null serves the built index.html as it is.
   */
  landingRenderer?: RenderLanding | null;
};

/** Queues public forms enqueue into inside their own transaction: created before any request. */
const queuesSentInTransactions = [
  emailSendJob,
  waitlistKnownAddressJob,
  applicationKnownAddressJob,
  ...Object.values(formIntakeQueues),
];

/** 1 MiB: enough for any form in the product, small enough to refuse abuse early. */
export const bodyLimitBytes = 1_048_576;

/**
 * TRUST_PROXY for Fastify. A hop count becomes a function trusting that many proxies nearest the
 * server (hop 0 is the peer), as Express and proxy-addr count them: Fastify 5 itself turns a
 * number into "trust nobody", so `TRUST_PROXY=1` behind a load balancer left every visitor with
 * the balancer's address and one shared rate limit.
 */
export function trustProxySetting(value: Config["trustProxy"]) {
  return typeof value === "number" ? (_address: string, hop: number) => hop < value : value;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]', ...sensitiveLogPaths],
      serializers: { req: serializeRequestForLog, err: serializeErrorForLog },
      ...(options.logStream
        ? { stream: options.logStream }
        : config.logFormat === "pretty"
          ? { stream: readableLogStream() }
          : {}),
    },
    bodyLimit: bodyLimitBytes,
    trustProxy: trustProxySetting(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      memorySnapshot: options.memorySnapshot,
      pgliteTemplate: databaseTemplatePath(config.clientDir),
    }));
  try {
    await database.migrate();
    await seedBaseData(database.db);
    await seedFirstSeasonSite(database.db);
    await encryptSensitiveFieldsAtStartup(database.db, createFieldCipher(config.dataEncryptionKey), app.log);
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("queue", null);
  app.decorate("fieldCipher", createFieldCipher(config.dataEncryptionKey));
  // Before the routes: "/" and the Site tab's preview render with the same renderer.
  app.decorate(
    "landingRenderer",
    options.landingRenderer !== undefined ? options.landingRenderer : await loadLandingRenderer(config.clientDir),
  );
  outboxWarnings.log = app.log;
  sendRetry.firstDelaySeconds = config.emailRetryDelaySeconds;

  if (config.runWorker) {
    const queue = await startJobQueue(database, {
      queues: queuesSentInTransactions,
      onError: (error) => app.log.error({ err: error }, "job queue error"),
    });
    app.queue = queue;
    await registerJobHandlers(app, queue);
  } else if (database.driver === "postgres") {
    // Web-only: enqueue here, the worker processes on the same database run the jobs. (PGlite is
    // one process, so there is no other worker to hand jobs to; the queue stays null there.)
    app.queue = await startJobQueue(database, {
      sendOnly: true,
      queues: queuesSentInTransactions,
      onError: (error) => app.log.error({ err: error }, "job queue error"),
    });
  }

  app.addHook("onClose", async () => {
    if (app.queue) await app.queue.stop();
    if (ownsDatabase) await database.close();
  });

  await registerSecurityHeaders(app, config.publicUrl);
  registerCsrfProtection(app, config.publicUrl);
  registerNulCharacterRefusal(app);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie, { secret: config.sessionSecret });
  registerAuth(app);
  registerNoStore(app);
  // PostgreSQL: counted in the database (an unlogged table) so every process shares one limit
  // (the public forms count theirs in their own statement: form-rate-limit.ts); skipOnError: see
  // rate-limit-store.ts. PGlite admits one process: the plugin's memory store is that one
  // process's limit, with no statement on the single connection (decision 020).
  await app.register(rateLimit, {
    global: false,
    ...(countsRateLimitsInDatabase(database) ? { store: databaseRateLimitStore(database.executor, app.log) } : {}),
    skipOnError: true,
    // One key for a client everywhere (the forms' statements use the same): a forged, overlong
    // X-Forwarded-For entry is hashed instead of failing the store (a 500) and skipping the limit.
    keyGenerator: (request) => clientKey(request.ip),
  });
  await app.register(swagger, {
    openapi: { info: { title: "Retreat HQ API", version: "1.0.0" } },
    transform: jsonSchemaTransform,
  });

  await registerHealthRoutes(app, async () => (app.queue ? submissionsToFile(app.database.executor) : 0));
  await registerFeatureRoutes(app);
  registerApiDocs(app);

  const renderLanding = app.landingRenderer;
  await registerStaticClient(
    app,
    config.clientDir,
    {
      // A setup link's page is a 404 like its API once an owner exists.
      setup: (path) => isSetupCodeLive(app.db, path.split("/").filter(Boolean)[1] ?? ""),
    },
    renderLanding ? () => servedLanding(app.db, renderLanding) : undefined,
  );
  return app;
}
