import { type TSiteRead, ZSiteRead, ZSiteReadEvent } from "@shobai/shared";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "@/lib/api-error";
import { apiRequest, parseResponse } from "@/lib/api-request";

const URL_ = "/api/websites/import/read";

export type TReadProgress = { read: number; of: number };

/**
 * POST /api/websites/import/read: what the owner's site states (up to 15 pages); stores nothing.
 * Asks for the answer as JSON lines, so `onProgress` hears of every page read; a server (or a
 * proxy) that answers plain JSON works too.
 */
export async function readSite(
  url: string,
  onProgress?: (progress: TReadProgress) => void,
): Promise<TSiteRead> {
  const res = await apiRequest("POST", URL_, { url }, { headers: { Accept: "application/x-ndjson" } });
  if (!res.body || !res.headers.get("content-type")?.includes("application/x-ndjson")) {
    return parseResponse(URL_, ZSiteRead, await res.json());
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    buffered += value ?? "";
    const lines = buffered.split("\n");
    buffered = done ? "" : (lines.pop() ?? "");
    for (const line of lines) {
      if (!line.trim()) continue;
      const event = parseResponse(URL_, ZSiteReadEvent, JSON.parse(line));
      if (event.type === "progress") onProgress?.({ read: event.read, of: event.of });
      else if (event.type === "result") return event.site;
      else
        throw new ApiError(
          event.error.code === "internal_error" ? 500 : 400,
          JSON.stringify(event.error),
          "",
        );
    }
    if (done) break;
  }
  throw new ApiError(502, "", "The answer ended before the site was read");
}

/** The read as a mutation, with the pages read so far while it runs. */
export function useReadSite() {
  const [progress, setProgress] = useState<TReadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: (url: string) => {
      setProgress(null);
      return readSite(url, setProgress);
    },
  });
  return { ...mutation, progress };
}
