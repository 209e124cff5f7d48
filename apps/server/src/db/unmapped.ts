/**
 * A prepared query's rows as the driver gives them, without drizzle's generic mapping: `all()` of
 * drizzle's node-postgres and PGlite prepared queries (public at run time, not in the declared
 * type). Rows are keyed by column name; timestamps come as text (drizzle's parsers), JSON parsed.
 * For the hottest reads only (decision 0057), each mapped by hand to the type drizzle would give.
 */
export function unmapped<Row>(prepared: object): { all(values: Record<string, unknown>): Promise<Row[]> } {
  const query = prepared as { all?: unknown };
  if (typeof query.all !== "function") throw new Error("this driver's prepared queries have no all()");
  return prepared as { all(values: Record<string, unknown>): Promise<Row[]> };
}
