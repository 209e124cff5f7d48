/**
 * A visit length: "1分5秒" in Japanese, "1:05" (m:ss, or h:mm:ss past an hour) in the other
 * languages, which all read clock-style durations naturally.
 */
export function formatDuration(totalSeconds: number, language: string): string {
  const seconds = Math.max(0, Math.round(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (language === "ja") {
    if (h > 0) return `${h}時間${m}分${s}秒`;
    return m > 0 ? `${m}分${s}秒` : `${s}秒`;
  }
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}
