/** Reading and immutably writing one value deep in the content model by its path. */
export type TPath = readonly (string | number)[];

export function getAt(root: unknown, path: TPath): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

export function setAt<T>(root: T, path: TPath, value: unknown): T {
  if (path.length === 0) return value as T;
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  const node = root as unknown;
  if (Array.isArray(node)) {
    const copy = node.slice();
    copy[key as number] = setAt(copy[key as number], rest, value);
    return copy as T;
  }
  const record = (node ?? {}) as Record<string | number, unknown>;
  return { ...record, [key]: setAt(record[key], rest, value) } as T;
}

/** The array at `path` with item `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = list.slice();
  const [item] = copy.splice(from, 1);
  if (item === undefined || to < 0 || to > copy.length) return list.slice();
  copy.splice(to, 0, item);
  return copy;
}
