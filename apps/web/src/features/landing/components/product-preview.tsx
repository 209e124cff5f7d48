/** A drawn glimpse of the dashboard (CSS only, no screenshots): a site, a lead list, a chart. */
export function ProductPreview() {
  const bars = [38, 52, 44, 66, 58, 80, 72];
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-[520px]">
      <div className="rounded-2xl border border-border bg-background p-4 shadow-popover">
        <div className="mb-4 flex items-center gap-1.5">
          <span className="size-2.5 rounded-full bg-[#f1948a]" />
          <span className="size-2.5 rounded-full bg-[#f7d774]" />
          <span className="size-2.5 rounded-full bg-[#8fd1a5]" />
          <span className="ml-3 h-5 flex-1 rounded-md bg-muted" />
        </div>
        <div className="grid grid-cols-3 gap-3">
          {["w-10", "w-8", "w-12"].map((w) => (
            <div key={w} className="rounded-lg border border-border p-3">
              <div className="h-2 w-12 rounded bg-muted" />
              <div className={`mt-3 h-4 ${w} rounded bg-brand-200`} />
            </div>
          ))}
        </div>
        <div className="mt-3 grid grid-cols-[1.2fr_1fr] gap-3">
          <div className="rounded-lg border border-border p-3">
            <div className="mb-3 h-2 w-16 rounded bg-muted" />
            <div className="flex h-28 items-end gap-2">
              {bars.map((h, i) => (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: a fixed drawing
                  key={i}
                  className="flex-1 rounded-t bg-gradient-to-t from-brand-600 to-brand-400"
                  style={{ height: `${h}%` }}
                />
              ))}
            </div>
          </div>
          <div className="flex flex-col gap-2 rounded-lg border border-border p-3">
            <div className="mb-1 h-2 w-14 rounded bg-muted" />
            {["bg-brand-100", "bg-success-soft", "bg-warning-soft", "bg-brand-50"].map((c) => (
              <div key={c} className="flex items-center gap-2">
                <span className="size-5 rounded-full bg-muted" />
                <span className="h-2 flex-1 rounded bg-muted" />
                <span className={`h-3 w-8 rounded ${c}`} />
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
