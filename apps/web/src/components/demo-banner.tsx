import { Sparkles } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";

type DemoBannerProps = {
  title: string;
  description: string;
  signUpLabel: string;
  /** Prefix of the test ids: `{testId}-demo-banner`, `{testId}-demo-signup`. */
  testId: string;
};

/** Signed-out visitors of an app screen see sample data; this says so and offers an account. */
export function DemoBanner({ title, description, signUpLabel, testId }: DemoBannerProps) {
  return (
    <div
      data-testid={`${testId}-demo-banner`}
      className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3.5 sm:flex-row sm:items-center sm:gap-4 sm:px-5"
    >
      <span className="hidden size-9 shrink-0 place-items-center rounded-lg bg-background text-primary ring-1 ring-brand-100 sm:grid">
        <Sparkles className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-brand-900">{title}</p>
        <p className="text-sm text-brand-900/80">{description}</p>
      </div>
      <Button asChild className="self-start sm:self-center">
        <Link href="/auth?mode=register" data-testid={`${testId}-demo-signup`}>
          {signUpLabel}
        </Link>
      </Button>
    </div>
  );
}
