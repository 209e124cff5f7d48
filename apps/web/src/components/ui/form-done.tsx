import { useEffect, useRef } from "react";
import { cn } from "@/lib/cn";

/**
 * What a submitted form did, said beside it: it takes the focus when it appears, so the result of
 * the submission is where keyboard and screen-reader users are (the form's errors do the same for a
 * refusal). Set the message to null before the next submission so that the same text shows again.
 */
export function FormDone({
  message,
  testId,
  className,
}: {
  message: string | null;
  testId: string;
  className?: string;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role="status"
      className={cn("text-sm text-success outline-none", className)}
      data-testid={testId}
    >
      {message}
    </p>
  );
}
