import {
  type TMediaAlt,
  type TMediaItem,
  type TUpdateMedia,
  ZAltSuggestion,
  ZMediaItem,
  ZMediaList,
  ZStockSearch,
} from "@shobai/shared";
import { ZSitePhoto } from "@shobai/sitegen/editor";
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

/** GET stock photo search (only when the library says `stock`); Unsplash pages of 12. */
export const searchStock = (websiteId: string, query: string, page: number, signal?: AbortSignal) =>
  apiGet(
    `/api/websites/${encodeURIComponent(websiteId)}/stock?${new URLSearchParams({ query, page: String(page) })}`,
    ZStockSearch,
    signal ? { signal } : {},
  );

/** The placement of a stock photo (the server triggers Unsplash's download tracking). */
export const chooseStockPhoto = (websiteId: string, photoId: string, alt: TMediaAlt) =>
  apiJson(
    "POST",
    `/api/websites/${encodeURIComponent(websiteId)}/stock/${encodeURIComponent(photoId)}`,
    { alt },
    ZSitePhoto,
  );

/** AI alt-text suggestion per site language; nothing is saved. */
export const suggestAlt = (websiteId: string, mediaId: string) =>
  apiJson("POST", `${base(websiteId)}/${encodeURIComponent(mediaId)}/alt-suggestion`, {}, ZAltSuggestion);
