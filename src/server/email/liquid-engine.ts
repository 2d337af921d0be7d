import {
  CaptureTag,
  type Context,
  ForTag,
  Liquid,
  type LiquidOptions,
  TablerowTag,
  Tag,
  type TagToken,
  type Template,
  type TopLevelToken,
} from "liquidjs";

/**
 * The one place Liquid engines are made. Email texts are written by staff in the browser, so an
 * engine here can read no file (no file system at all, and the tags that load one are refused
 * when a text is parsed) and every render is bounded: memory, loops and output per rendered part
 * (subject, content, footer), and the time per message for texts staff edit. Those texts are
 * also only ever rendered in a worker thread with a hard timeout (email-sandbox.ts), so none of
 * this work can hold up the server's event loop.
 */
export const templateLimits = {
  /** Characters of template text parsed at once (the Markdown body becomes this HTML). */
  parseChars: 500_000,
  /** Wall time for rendering one edited message (subject, content and footer together). */
  renderMs: 250,
  /** Characters and list items created while rendering: filters, ranges, captures. */
  memoryUnits: 100_000,
  /** Passes through {% for %} and {% tablerow %} bodies, all loops together. */
  loopIterations: 1_000,
  /** Characters one rendered part may come to, before sanitising and the layout. */
  outputChars: 500_000,
};

const format = (n: number) => n.toLocaleString("en-GB");

/** Clear words for the limits above (liquidjs says only "memory alloc limit exceeded"). */
export const limitMessages = {
  parse: `the template is too long (at most ${format(templateLimits.parseChars)} characters once converted to HTML)`,
  render: `it takes too long to render (at most ${templateLimits.renderMs} ms)`,
  memory: `it builds too much text or too long a list (at most ${format(templateLimits.memoryUnits)} characters or items)`,
  loops: `its loops run too many times (at most ${format(templateLimits.loopIterations)} passes in all)`,
  output: `it produces too much text (at most ${format(templateLimits.outputChars)} characters)`,
  nesting: "it is nested too deeply",
};

/** Tags that read another template (a file, for liquidjs): refused when a text is parsed. */
const fileTags = ["include", "render", "layout"] as const;

function refusedTag(name: string) {
  return class extends Tag {
    constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
      super(token, remainTokens, liquid);
      throw new Error(`the {% ${name} %} tag is not allowed`);
    }
    render() {}
  };
}

const loopRegister = "email-loop-iterations";

/** Runs first in each pass through a loop body, so a nest of loops counts every pass. */
function loopPass(token: TagToken): Template {
  return {
    token,
    render(ctx: Context) {
      const passes = (ctx.getRegister(loopRegister, 0) as number) + 1;
      if (passes > templateLimits.loopIterations) throw new Error(limitMessages.loops);
      ctx.setRegister(loopRegister, passes);
      return "";
    },
  };
}

class CountedForTag extends ForTag {
  constructor(...args: ConstructorParameters<typeof ForTag>) {
    super(...args);
    this.templates.unshift(loopPass(this.token));
  }
}

class CountedTablerowTag extends TablerowTag {
  constructor(...args: ConstructorParameters<typeof TablerowTag>) {
    super(...args);
    this.templates.unshift(loopPass(this.token));
  }
}

/** Captured text counts against the memory limit, like text built with filters. */
class ChargedCaptureTag extends CaptureTag {
  override *render(ctx: Context): Generator<unknown, void, string> {
    yield* super.render(ctx);
    const captured = ctx.bottom()[this.variable as never] as unknown;
    if (typeof captured === "string") ctx.memoryLimit.use(captured.length);
  }
}

function createLiquidEngine(escapeOutput: boolean): Liquid {
  const options: LiquidOptions = {
    strictVariables: true,
    strictFilters: true,
    ownPropertyOnly: true,
    // An empty in-memory file system: nothing on disk can be reached, whatever the tag.
    templates: {},
    relativeReference: false,
    parseLimit: templateLimits.parseChars,
    memoryLimit: templateLimits.memoryUnits,
    ...(escapeOutput ? { outputEscape: "escape" as const } : {}),
  };
  const engine = new Liquid(options);
  for (const name of fileTags) engine.registerTag(name, refusedTag(name));
  engine.registerTag("for", CountedForTag);
  engine.registerTag("tablerow", CountedTablerowTag);
  engine.registerTag("capture", ChargedCaptureTag);
  return engine;
}

/**
 * For HTML (bodies, footers, the layout): every {{ value }} is HTML-escaped. strictVariables and
 * strictFilters turn a typo into an error instead of a silently empty value.
 */
export const htmlLiquid = createLiquidEngine(true);
/** For subjects, a header and not HTML: no escaping (callers collapse line breaks). */
export const subjectLiquid = createLiquidEngine(false);

/**
 * Renders one part of a message within the output limit and by the message's deadline (a
 * performance.now() time; none for our own texts, whose time is no attacker's to choose and
 * which must not fail on a busy machine).
 */
export async function renderPart(
  engine: Liquid,
  templates: Template[],
  data: Record<string, unknown>,
  deadline = Number.POSITIVE_INFINITY,
): Promise<string> {
  const output: string = await engine.render(templates, data, {
    renderLimit: Math.max(0, deadline - performance.now()),
  });
  if (output.length > templateLimits.outputChars) throw new Error(limitMessages.output);
  return output;
}

/** What went wrong in a template, in words for its author (no line and column noise). */
export function describeTemplateError(error: unknown): string {
  if (error instanceof RangeError && /call stack/i.test(error.message)) return limitMessages.nesting;
  const message = error instanceof Error ? error.message : String(error);
  const detail = message.split(", line:")[0]!.split("\n")[0]!;
  if (/call stack/i.test(detail)) return limitMessages.nesting;
  if (detail.includes("memory alloc limit exceeded")) return limitMessages.memory;
  if (detail.includes("template render limit exceeded")) return limitMessages.render;
  if (detail.includes("parse length limit exceeded")) return limitMessages.parse;
  return detail;
}
