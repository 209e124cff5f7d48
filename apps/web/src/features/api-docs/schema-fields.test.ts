import { describe, expect, it } from "vitest";
import type { OpenApiDocument } from "./openapi-types";
import { describeType, schemaFields } from "./schema-fields";

const doc: OpenApiDocument = {
  components: {
    schemas: {
      Contact: {
        type: "object",
        properties: { email: { type: "string", format: "email" } },
        required: ["email"],
      },
    },
  },
};

describe("schemaFields", () => {
  it("lists a zod-generated body: required, types, constraints, nullable, defaults", () => {
    const fields = schemaFields(
      {
        type: "object",
        properties: {
          email: { type: "string", format: "email", pattern: "^(?!\\.)(?!.*\\.\\.)...$", maxLength: 254 },
          password: { type: "string", minLength: 8, maxLength: 128 },
          lastName: { default: "", type: "string", maxLength: 100 },
          language: { anyOf: [{ type: "string", enum: ["ja", "en"] }, { type: "null" }] },
          trialEndsAt: { type: ["string", "null"], format: "date-time" },
          ok: { type: "boolean", const: true },
        },
        required: ["email", "password"],
        additionalProperties: false,
      },
      doc,
    );
    const byName = Object.fromEntries(fields.map((f) => [f.name, f]));
    expect(fields.map((f) => f.name)).toEqual([
      "email",
      "password",
      "lastName",
      "language",
      "trialEndsAt",
      "ok",
    ]);
    expect(byName.email).toMatchObject({ type: "string", required: true, nullable: false });
    expect(byName.email?.rules).toEqual([
      { kind: "format", value: "email" },
      { kind: "maxLength", value: "254" },
    ]);
    expect(byName.password?.rules).toEqual([
      { kind: "minLength", value: "8" },
      { kind: "maxLength", value: "128" },
    ]);
    expect(byName.lastName).toMatchObject({ required: false });
    expect(byName.lastName?.rules).toContainEqual({ kind: "default", value: '""' });
    expect(byName.language).toMatchObject({ type: "string", nullable: true });
    expect(byName.language?.rules).toEqual([{ kind: "enum", value: '"ja", "en"' }]);
    expect(byName.trialEndsAt).toMatchObject({ type: "string", nullable: true });
    expect(byName.ok?.rules).toEqual([{ kind: "const", value: "true" }]);
  });

  it("flattens nested objects and arrays, following $refs", () => {
    const fields = schemaFields(
      {
        type: "object",
        properties: {
          ownerContact: { $ref: "#/components/schemas/Contact" },
          languages: { type: "array", items: { type: "string", enum: ["ja", "en"] }, minItems: 1 },
          items: {
            type: "array",
            items: { type: "object", properties: { id: { type: "integer", minimum: 1 } } },
          },
        },
        required: ["ownerContact"],
      },
      doc,
    );
    expect(fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ["ownerContact", "object", true],
      ["ownerContact.email", "string", true],
      ["languages", "string[]", false],
      ["items", "object[]", false],
      ["items[].id", "integer", false],
    ]);
    expect(fields[2]?.rules).toEqual([
      { kind: "minItems", value: "1" },
      { kind: "enum", value: '"ja", "en"' },
    ]);
  });

  it("names unions and unknown shapes", () => {
    expect(describeType({ anyOf: [{ type: "string" }, { type: "number" }] }, doc)).toBe("string | number");
    expect(
      describeType({ type: "array", items: { anyOf: [{ type: "string" }, { type: "integer" }] } }, doc),
    ).toBe("(string | integer)[]");
    expect(describeType({}, doc)).toBe("any");
  });
});
