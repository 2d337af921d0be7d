import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-request";
import { fieldErrorsForSave, fieldForTemplateMessage } from "./server-field-errors";

const texts = { subject: "Hello {{ firstName }}", content: "Dear {{ fistName }}, see {{ applyUrl }}" };

describe("fieldForTemplateMessage", () => {
  it("finds the field using the unknown variable, not one listed as allowed", () => {
    const message = "Unknown variable {{ fistName }}. You can use: firstName, applyUrl.";
    expect(fieldForTemplateMessage(message, texts)).toBe("content");
    expect(
      fieldForTemplateMessage("Unknown variable {{ nope }}. You can use: firstName.", {
        subject: "{{nope}}",
        content: "",
      }),
    ).toBe("subject");
  });

  it("follows a field the message names, through the form's own name for it", () => {
    expect(fieldForTemplateMessage("The body has a template error: bad tag", texts, { body: "content" })).toBe(
      "content",
    );
    expect(fieldForTemplateMessage("Only draft campaigns can be sent.", texts)).toBeNull();
  });
});

describe("fieldErrorsForSave", () => {
  it("prefers the reply's own field list", () => {
    const error = new ApiError(
      400,
      JSON.stringify({ message: "x", errors: [{ path: "body.name", message: "Name is required" }] }),
      "",
    );
    expect([...fieldErrorsForSave(error, texts)]).toEqual([["name", "Name is required"]]);
  });
});
