import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { mediaBlobs } from "../../db/schema";
import { websiteIdsOfAccountsDeletedBefore } from "./queries";

/**
 * Where media files live (decision 0044): one small interface, three places. Files are named by
 * website and file name (`{hash}-{width}.{ext}`, `{hash}.orig`); they never change once written.
 */
export type MediaStorage = {
  kind: "database" | "directory" | "s3";
  put(websiteId: string, file: string, bytes: Buffer, contentType: string): Promise<void>;
  get(websiteId: string, file: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  remove(websiteId: string, files: readonly string[]): Promise<void>;
  /** Every file of the website (the site or its account is deleted). */
  removeSite(websiteId: string): Promise<void>;
};

/** Ids and file names that can never leave their folder (`..`, `/`, NUL). */
const SAFE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
export function safeName(name: string): boolean {
  return SAFE.test(name) && !name.includes("..");
}

const TYPES: Record<string, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  orig: "application/octet-stream",
};
export const contentTypeOf = (file: string) =>
  TYPES[file.split(".").pop() ?? ""] ?? "application/octet-stream";

/** The default: rows of `media_blobs` in the app's own database, so `npm start` needs nothing. */
export function databaseStorage(db: Database): MediaStorage {
  return {
    kind: "database",
    async put(websiteId, file, bytes, contentType) {
      await db
        .insert(mediaBlobs)
        .values({ key: `${websiteId}/${file}`, websiteId, contentType, bytes })
        .onConflictDoNothing();
    },
    async get(websiteId, file) {
      const [row] = await db
        .select({ bytes: mediaBlobs.bytes, contentType: mediaBlobs.contentType })
        .from(mediaBlobs)
        .where(and(eq(mediaBlobs.key, `${websiteId}/${file}`), eq(mediaBlobs.websiteId, websiteId)));
      return row ?? null;
    },
    async remove(websiteId, files) {
      if (files.length === 0) return;
      await db.delete(mediaBlobs).where(
        and(
          eq(mediaBlobs.websiteId, websiteId),
          inArray(
            mediaBlobs.key,
            files.map((f) => `${websiteId}/${f}`),
          ),
        ),
      );
    },
    async removeSite(websiteId) {
      await db.delete(mediaBlobs).where(eq(mediaBlobs.websiteId, websiteId));
    },
  };
}

/** `MEDIA_DIR`: one folder per website; a shared disk (NFS) or one server. */
export function directoryStorage(dir: string): MediaStorage {
  const at = (websiteId: string, file?: string) => {
    if (!safeName(websiteId) || (file !== undefined && !safeName(file))) throw new Error("unsafe media name");
    return file === undefined ? path.join(dir, websiteId) : path.join(dir, websiteId, file);
  };
  return {
    kind: "directory",
    async put(websiteId, file, bytes) {
      await mkdir(at(websiteId), { recursive: true });
      // Written under a temporary name first: a reader never sees half a file.
      const final = at(websiteId, file);
      const temporary = `${final}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, bytes);
      const { rename } = await import("node:fs/promises");
      await rename(temporary, final);
    },
    async get(websiteId, file) {
      try {
        return { bytes: await readFile(at(websiteId, file)), contentType: contentTypeOf(file) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(websiteId, files) {
      await Promise.all(files.map((file) => rm(at(websiteId, file), { force: true })));
    },
    async removeSite(websiteId) {
      await rm(at(websiteId), { recursive: true, force: true });
    },
  };
}

export type S3Config = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
};

/**
 * S3-compatible object storage (`S3_ENDPOINT`, `S3_BUCKET`, `S3_ACCESS_KEY_ID`,
 * `S3_SECRET_ACCESS_KEY`, `S3_REGION`) through the official AWS SDK, for several app processes or
 * machines: AWS S3, Cloudflare R2, MinIO, Wasabi… Path-style addressing works with all of them.
 */
export function s3Storage(config: S3Config): MediaStorage {
  let client: Promise<
    typeof import("@aws-sdk/client-s3") & { s3: import("@aws-sdk/client-s3").S3Client }
  > | null = null;
  // The SDK is loaded on first use: processes that keep photos elsewhere never pay for it.
  const sdk = () => {
    client ??= import("@aws-sdk/client-s3").then((m) => ({
      ...m,
      s3: new m.S3Client({
        endpoint: config.endpoint,
        region: config.region,
        forcePathStyle: true,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      }),
    }));
    return client;
  };
  const key = (websiteId: string, file: string) => {
    if (!safeName(websiteId) || !safeName(file)) throw new Error("unsafe media name");
    return `${websiteId}/${file}`;
  };
  async function removeKeys(keys: string[]) {
    const { s3, DeleteObjectsCommand } = await sdk();
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      if (batch.length === 0) continue;
      await s3.send(
        new DeleteObjectsCommand({
          Bucket: config.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  }
  return {
    kind: "s3",
    async put(websiteId, file, bytes, contentType) {
      const { s3, PutObjectCommand } = await sdk();
      await s3.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key(websiteId, file),
          Body: bytes,
          ContentType: contentType,
        }),
      );
    },
    async get(websiteId, file) {
      const { s3, GetObjectCommand, NoSuchKey } = await sdk();
      try {
        const res = await s3.send(new GetObjectCommand({ Bucket: config.bucket, Key: key(websiteId, file) }));
        const bytes = Buffer.from((await res.Body?.transformToByteArray()) ?? []);
        return { bytes, contentType: res.ContentType ?? contentTypeOf(file) };
      } catch (error) {
        if (
          error instanceof NoSuchKey ||
          (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
        )
          return null;
        throw error;
      }
    },
    async remove(websiteId, files) {
      await removeKeys(files.map((f) => key(websiteId, f)));
    },
    async removeSite(websiteId) {
      if (!safeName(websiteId)) throw new Error("unsafe media name");
      const { s3, ListObjectsV2Command } = await sdk();
      let token: string | undefined;
      do {
        const page = await s3.send(
          new ListObjectsV2Command({
            Bucket: config.bucket,
            Prefix: `${websiteId}/`,
            ContinuationToken: token,
          }),
        );
        await removeKeys((page.Contents ?? []).map((o) => o.Key ?? "").filter(Boolean));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

/** The storage the configuration names (decision 0044): S3 when set, else MEDIA_DIR, else the database. */
export function configuredMediaStorage(
  db: Database,
  media: { dir?: string | undefined; s3?: S3Config | undefined; storage?: MediaStorage } | undefined,
): MediaStorage {
  if (media?.storage) return media.storage;
  if (media?.s3) return s3Storage(media.s3);
  if (media?.dir) return directoryStorage(media.dir);
  return databaseStorage(db);
}

/**
 * Before accounts deleted before `cutoff` are purged, their websites' files go (the database rows
 * cascade, MEDIA_DIR folders and S3 objects would not). One function for the server's scheduled
 * purge and `npm run admin -- purge-deleted`.
 */
export async function removeMediaOfAccountsDeletedBefore(
  db: Database,
  storage: MediaStorage,
  cutoff: Date,
): Promise<number> {
  const ids = await websiteIdsOfAccountsDeletedBefore(db, cutoff);
  for (const id of ids) await storage.removeSite(id);
  return ids.length;
}
