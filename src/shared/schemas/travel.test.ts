import { describe, expect, it } from "vitest";
import { travelComplianceSchema } from "./travel";

const applicationId = "2f1c7c1e-8a4b-4c59-9a43-5f0d2b7e9a11";
const valid = {
  applicationId,
  insuranceProvider: "World Nomads",
  insurancePolicyNumber: "WN-123",
  insuranceExpiryDate: "2026-12-31",
  emergencyContactName: "Bo Byron",
  emergencyContactRelationship: "Partner",
  emergencyContactPhone: "+44 7700 900456",
  passportNumber: "123456789",
  passportExpiryDate: "2030-01-01",
  nationality: "British",
};

function messageFor(input: unknown, path: string) {
  return travelComplianceSchema.safeParse(input).error?.issues.find((i) => i.path.join(".") === path)?.message;
}

describe("travelComplianceSchema", () => {
  it("accepts the required fields and defaults the rest", () => {
    const parsed = travelComplianceSchema.parse(valid);
    expect(parsed.insuranceCoverage).toBe("");
    expect(parsed.outboundFlightNumber).toBe("");
    expect(parsed.outboundDepartureDate).toBe("");
    expect(parsed.emergencyContactEmail).toBe("");
    expect(parsed.specialRequests).toBe("");
    expect(parsed.airportPickupRequired).toBe(false);
  });

  it("gives the spec's messages for the expiry dates", () => {
    expect(messageFor({ ...valid, insuranceExpiryDate: "" }, "insuranceExpiryDate")).toBe(
      "Insurance expiry date is required",
    );
    expect(messageFor({ ...valid, insuranceExpiryDate: undefined }, "insuranceExpiryDate")).toBe(
      "Insurance expiry date is required",
    );
    expect(messageFor({ ...valid, passportExpiryDate: "" }, "passportExpiryDate")).toBe(
      "Passport expiry date is required",
    );
  });

  it.each([
    ["insuranceProvider", "A", "Please provide your insurance provider"],
    ["insurancePolicyNumber", "12", "Please provide your policy number"],
    ["passportNumber", "1234", "Please provide your passport number"],
    ["nationality", "B", "Please provide your nationality"],
    ["emergencyContactName", "B", "Please provide emergency contact name"],
    ["emergencyContactRelationship", "P", "Please provide relationship"],
    ["emergencyContactPhone", "123456", "Please provide emergency contact phone"],
  ])("%s below its minimum length: %s", (field, value, message) => {
    expect(messageFor({ ...valid, [field]: value }, field)).toBe(message);
  });

  it("accepts values at each minimum length", () => {
    expect(
      travelComplianceSchema.safeParse({
        ...valid,
        insuranceProvider: "AB",
        insurancePolicyNumber: "123",
        passportNumber: "12345",
        nationality: "UK",
        emergencyContactName: "Bo",
        emergencyContactRelationship: "Pa",
        emergencyContactPhone: "1234567",
      }).success,
    ).toBe(true);
  });

  it("accepts optional flight dates with or without a time, and refuses other text", () => {
    expect(travelComplianceSchema.safeParse({ ...valid, outboundDepartureDate: "2026-05-01" }).success).toBe(true);
    expect(travelComplianceSchema.safeParse({ ...valid, returnArrivalDate: "2026-05-11T14:30" }).success).toBe(true);
    expect(messageFor({ ...valid, returnDepartureDate: "next week" }, "returnDepartureDate")).toBe(
      "Please enter a valid date",
    );
  });

  it("checks the optional emergency email only when given", () => {
    expect(travelComplianceSchema.safeParse({ ...valid, emergencyContactEmail: "" }).success).toBe(true);
    expect(messageFor({ ...valid, emergencyContactEmail: "nope" }, "emergencyContactEmail")).toBe(
      "Please enter a valid email address",
    );
  });

  it("needs a real application id and refuses unknown fields", () => {
    expect(messageFor({ ...valid, applicationId: "42" }, "applicationId")).toBe("Invalid application link");
    expect(travelComplianceSchema.safeParse({ ...valid, extra: 1 }).success).toBe(false);
  });
});
