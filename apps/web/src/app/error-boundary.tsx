import { TriangleAlert } from "lucide-react";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { useTranslation } from "@/lib/use-translation";

interface ErrorBoundaryProps {
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: Error | null;
}

/** Catches render errors anywhere below and shows their text with a Reload App button (spec §2). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("Render error", error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <ErrorFallback error={this.state.error} />;
    return this.props.children;
  }
}

function ErrorFallback({ error }: { error: Error }) {
  const { t } = useTranslation("common");
  return (
    <div className="flex min-h-dvh items-center justify-center bg-surface p-4" data-testid="error-boundary">
      <div
        role="alert"
        className="w-full max-w-lg rounded-xl border border-border bg-background p-8 shadow-card"
      >
        <span className="mb-4 grid size-12 place-items-center rounded-xl bg-destructive-soft text-destructive">
          <TriangleAlert className="size-6" aria-hidden />
        </span>
        <h1 className="text-xl font-bold">{t("errorBoundary.title")}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{t("errorBoundary.description")}</p>
        <pre
          className="mt-4 max-h-48 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-muted p-3 font-mono text-xs text-foreground"
          data-testid="error-message"
        >
          {error.message || String(error)}
        </pre>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          {t("errorBoundary.reload")}
        </Button>
      </div>
    </div>
  );
}
