import type { JsonSchema, OpenApiDocument } from "./openapi-types";

/** One constraint of a field, translated by the page (`rule.<kind>`). */
export interface FieldRule {
  kind:
    | "minLength"
    | "maxLength"
    | "minimum"
    | "maximum"
    | "minItems"
    | "maxItems"
    | "format"
    | "pattern"
    | "enum"
    | "default"
    | "const";
  value: string;
}

export interface SchemaField {
  /** Dotted path: `ownerContact.email`, `languages[]`, `items[].id`. */
  name: string;
  type: string;
  required: boolean;
  nullable: boolean;
  description?: string;
  rules: FieldRule[];
}

const MAX_DEPTH = 5;

/** Follows `#/components/schemas/X` references (once per level; cycles stop at MAX_DEPTH). */
export function resolveSchema(schema: JsonSchema | undefined, doc: OpenApiDocument): JsonSchema {
  let current = schema ?? {};
  for (let hops = 0; current.$ref && hops < MAX_DEPTH; hops++) {
    const name = current.$ref.replace(/^#\/components\/schemas\//, "");
    current = doc.components?.schemas?.[name] ?? {};
  }
  return current;
}

function isNullSchema(schema: JsonSchema): boolean {
  return (
    schema.type === "null" ||
    (Array.isArray(schema.type) && schema.type.length === 1 && schema.type[0] === "null")
  );
}

/**
 * Folds the shapes generators use for one field into a single schema: `anyOf: [X, {type:null}]`
 * and `type: ["string","null"]` and `nullable: true` all mean "X or null"; `allOf` merges.
 */
export function normalizeSchema(
  raw: JsonSchema | undefined,
  doc: OpenApiDocument,
): { schema: JsonSchema; nullable: boolean; variants: JsonSchema[] } {
  let schema = resolveSchema(raw, doc);
  let nullable = schema.nullable === true;

  if (schema.allOf?.length) {
    const merged: JsonSchema = { ...schema, allOf: undefined, properties: { ...schema.properties } };
    const required = [...(schema.required ?? [])];
    for (const part of schema.allOf.map((p) => resolveSchema(p, doc))) {
      Object.assign(merged, { ...part, properties: Object.assign(merged.properties ?? {}, part.properties) });
      required.push(...(part.required ?? []));
    }
    schema = { ...merged, required };
  }

  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) {
    const resolved = union.map((part) => resolveSchema(part, doc));
    const nonNull = resolved.filter((part) => !isNullSchema(part));
    if (nonNull.length < resolved.length) nullable = true;
    const { anyOf: _a, oneOf: _o, ...rest } = schema;
    if (nonNull.length === 1) return { schema: { ...rest, ...nonNull[0] }, nullable, variants: [] };
    return { schema: rest, nullable, variants: nonNull };
  }

  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((t) => t !== "null");
    if (types.length < schema.type.length) nullable = true;
    schema = { ...schema, type: types.length === 1 ? types[0] : types };
  }
  return { schema, nullable, variants: [] };
}

/** A short type name: string, integer, string[], object, string | number. */
export function describeType(raw: JsonSchema | undefined, doc: OpenApiDocument, depth = 0): string {
  const { schema, variants } = normalizeSchema(raw, doc);
  if (variants.length) return variants.map((v) => describeType(v, doc, depth + 1)).join(" | ");
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  if (schema.type === "array" || schema.items) {
    const inner = depth < MAX_DEPTH ? describeType(schema.items, doc, depth + 1) : "unknown";
    return inner.includes(" | ") ? `(${inner})[]` : `${inner}[]`;
  }
  if (schema.type) return schema.type;
  if (schema.properties) return "object";
  if (schema.enum?.length) return typeof schema.enum[0];
  if (schema.const !== undefined) return typeof schema.const;
  return "any";
}

function show(value: unknown): string {
  return typeof value === "string" ? `"${value}"` : JSON.stringify(value);
}

function rulesOf(schema: JsonSchema): FieldRule[] {
  const rules: FieldRule[] = [];
  const add = (kind: FieldRule["kind"], value: unknown) => {
    if (value !== undefined && value !== null) rules.push({ kind, value: String(value) });
  };
  if (schema.const !== undefined) rules.push({ kind: "const", value: show(schema.const) });
  if (schema.enum?.length) rules.push({ kind: "enum", value: schema.enum.map(show).join(", ") });
  add("format", schema.format);
  add("minLength", schema.minLength);
  add("maxLength", schema.maxLength);
  add("minimum", typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum : schema.minimum);
  add("maximum", typeof schema.exclusiveMaximum === "number" ? schema.exclusiveMaximum : schema.maximum);
  add("minItems", schema.minItems);
  add("maxItems", schema.maxItems);
  // A format already says what the (long, generated) pattern checks.
  if (schema.pattern && !schema.format) add("pattern", schema.pattern);
  if (schema.default !== undefined) rules.push({ kind: "default", value: show(schema.default) });
  return rules;
}

function collect(
  raw: JsonSchema | undefined,
  doc: OpenApiDocument,
  prefix: string,
  required: boolean,
  depth: number,
  out: SchemaField[],
): void {
  const { schema, nullable } = normalizeSchema(raw, doc);
  const itemSchema =
    schema.type === "array" || schema.items ? normalizeSchema(schema.items, doc).schema : null;

  if (prefix) {
    out.push({
      name: prefix,
      type: describeType(raw, doc),
      required,
      nullable,
      description: schema.description ?? raw?.description,
      // For a list of plain values (say, language codes) the item's own rules matter too.
      rules: [...rulesOf(schema), ...(itemSchema && !itemSchema.properties ? rulesOf(itemSchema) : [])],
    });
  }
  if (depth >= MAX_DEPTH) return;

  const objectSchema = itemSchema?.properties ? itemSchema : schema;
  if (!objectSchema.properties) return;
  const base = itemSchema?.properties ? `${prefix}[]` : prefix;
  const requiredNames = new Set(objectSchema.required ?? []);
  for (const [name, child] of Object.entries(objectSchema.properties)) {
    collect(child, doc, base ? `${base}.${name}` : name, requiredNames.has(name), depth + 1, out);
  }
}

/**
 * The fields of a request or response body, nested objects flattened to dotted names, each
 * with its type, whether it is required or nullable, and its constraints.
 */
export function schemaFields(schema: JsonSchema | undefined, doc: OpenApiDocument): SchemaField[] {
  const out: SchemaField[] = [];
  collect(schema, doc, "", true, 0, out);
  return out;
}
