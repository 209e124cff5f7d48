import { AiDemo } from "./ai-demo";
import { DashboardPreview } from "./dashboard-preview";
import { PricingSection } from "./pricing-section";

/**
 * Everything below the features grid, in its own chunk: the hero and the grid paint first, and the
 * demo, the sample dashboard and the plans follow without weighing on the first load.
 */
export default function LandingSections() {
  return (
    <>
      <AiDemo />
      <DashboardPreview />
      <PricingSection />
    </>
  );
}
