import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/** The shape of a report while it loads: six tiles and a chart. */
export function ReportSkeleton() {
  return (
    <div className="flex flex-col gap-4" data-testid="analytics-skeleton">
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-6">
        {[0, 1, 2, 3, 4, 5].map((tile) => (
          <Card key={tile} className="flex flex-col gap-2.5 p-4">
            <Skeleton className="h-4 w-20" />
            <Skeleton className="h-8 w-16" />
          </Card>
        ))}
      </div>
      <Card className="p-4 sm:p-6">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="mt-4 h-64 w-full" />
      </Card>
    </div>
  );
}

/** Selectors and tabs while the website list loads, then the report's skeleton. */
export function PageSkeleton() {
  return (
    <div className="flex flex-col gap-4">
      <Skeleton className="h-10 w-full max-w-md" />
      <ReportSkeleton />
    </div>
  );
}
