/** A calm line beside a pending button: what is happening, without a countdown. */
export function PendingHint({ text }: { text: string }) {
  return (
    <p
      className="flex items-center gap-2 text-sm text-muted-foreground"
      role="status"
      data-testid="websites-pending"
    >
      <span className="relative flex size-2.5 shrink-0">
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-brand-300 opacity-60 motion-reduce:animate-none" />
        <span className="relative inline-flex size-2.5 rounded-full bg-primary" />
      </span>
      {text}
    </p>
  );
}
