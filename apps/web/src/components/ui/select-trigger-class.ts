/**
 * The look of a select's closed button. Its own module (no Radix import) so a stand-in button can
 * share it without loading the select (features/language/components/language-switcher.tsx).
 */
export const SELECT_TRIGGER_CLASS =
  "inline-flex h-10 w-full cursor-pointer items-center justify-between gap-2 rounded-lg border border-input bg-background px-3 text-sm text-foreground shadow-xs transition-colors hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-55 data-[placeholder]:text-muted-foreground [&>span]:truncate";
