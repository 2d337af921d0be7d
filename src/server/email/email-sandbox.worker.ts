import { parentPort } from "node:worker_threads";
import { AppError } from "../http/app-error";
import { type EditableEmail, renderEditableEmail } from "./editable-email";
import type { SandboxReply } from "./email-sandbox";
import { describeTemplateError } from "./liquid-engine";

/** The email sandbox's thread: renders one edited text at a time (see email-sandbox.ts). */
const port = parentPort!;

port.on("message", async (job: { id: number; text: EditableEmail; data: Record<string, unknown> }) => {
  let reply: SandboxReply;
  try {
    reply = { id: job.id, ok: true, result: await renderEditableEmail(job.text, job.data) };
  } catch (error) {
    // Whatever fails here was caused by the text (a library giving up on it included): a 400.
    reply =
      error instanceof AppError
        ? { id: job.id, ok: false, message: error.message, errors: error.errors }
        : { id: job.id, ok: false, message: `The template could not be rendered: ${describeTemplateError(error)}` };
  }
  port.postMessage(reply);
});

port.postMessage("ready");
