export function FieldMarker({ kind, label }: { kind: "required" | "optional"; label: string }) {
  return (
    <span
      className={
        kind === "required"
          ? "rounded bg-brand-50 px-1.5 text-[11px] leading-5 font-medium text-brand-700"
          : "rounded bg-muted px-1.5 text-[11px] leading-5 font-medium text-muted-foreground"
      }
    >
      {label}
    </span>
  );
}
