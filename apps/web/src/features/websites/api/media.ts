import { type TMediaItem, type TUpdateMedia, ZMediaItem, ZMediaList } from "@shobai/shared";
import { queryOptions } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-error";
import { apiGet, apiJson, apiRequest } from "@/lib/api-request";

const base = (id: string) => `/api/websites/${encodeURIComponent(id)}/media`;

export const mediaQueryKey = (websiteId: string) => ["website-media", websiteId] as const;

/** GET /api/websites/{id}/media: the site's photos and the account's storage use. */
export const mediaQuery = (websiteId: string) =>
  queryOptions({
    queryKey: mediaQueryKey(websiteId),
    queryFn: ({ signal }) => apiGet(base(websiteId), ZMediaList, { signal }),
  });

/**
 * POST the file's bytes; `onProgress` hears the share sent (0..1). XMLHttpRequest, because fetch
 * cannot report upload progress.
 */
export function uploadMedia(
  websiteId: string,
  file: Blob & { name?: string },
  onProgress: (share: number) => void,
): Promise<TMediaItem> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${base(websiteId)}?name=${encodeURIComponent(file.name ?? "")}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Content-Type", "application/octet-stream");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(ZMediaItem.parse(JSON.parse(xhr.responseText)));
        } catch (error) {
          reject(error);
        }
      } else reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
    };
    xhr.onerror = () => reject(new ApiError(0, "", "network error"));
    xhr.send(file);
  });
}

export const updateMedia = (websiteId: string, mediaId: string, patch: TUpdateMedia) =>
  apiJson("PATCH", `${base(websiteId)}/${encodeURIComponent(mediaId)}`, patch, ZMediaItem);

/** 409 `media_in_use` without `confirm` when the site shows the photo. */
export const deleteMedia = async (websiteId: string, mediaId: string, confirm: boolean) => {
  await apiRequest("DELETE", `${base(websiteId)}/${encodeURIComponent(mediaId)}?confirm=${confirm}`);
};
