/** An input's error, announced and tied to it by id (the input's aria-describedby). */
export function FieldError({
  id,
  message,
  testId,
}: {
  id: string;
  message: string | null | undefined;
  testId?: string;
}) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-destructive" data-testid={testId}>
      {message}
    </p>
  );
}
