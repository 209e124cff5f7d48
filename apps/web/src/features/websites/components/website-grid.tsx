import type { TWebsite } from "@shobai/shared";
import type { DemoWebsite } from "@/demo/websites";
import { WebsiteCard, WebsiteCardSkeleton } from "./website-card";

const gridClasses = "grid gap-4 sm:grid-cols-2 xl:grid-cols-3";

export function WebsiteGrid({
  websites,
  onDemoAction,
}: {
  websites: (TWebsite | DemoWebsite)[];
  onDemoAction?: () => void;
}) {
  return (
    <div className={gridClasses} data-testid="websites-grid">
      {websites.map((website) => (
        <WebsiteCard key={website.id} website={website} onDemoAction={onDemoAction} />
      ))}
    </div>
  );
}

export function WebsiteGridSkeleton() {
  return (
    <div className={gridClasses} data-testid="websites-loading">
      <WebsiteCardSkeleton />
      <WebsiteCardSkeleton />
      <WebsiteCardSkeleton />
    </div>
  );
}
