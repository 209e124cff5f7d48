import type { TBusinessCategory } from "@shobai/shared/constants";
import {
  Briefcase,
  Building2,
  Cpu,
  GraduationCap,
  HeartPulse,
  Landmark,
  type LucideIcon,
  Palette,
  Scale,
  ShoppingBag,
  UtensilsCrossed,
} from "lucide-react";

/** Each template's colour and motif, echoing the generated site's character. */
const LOOK: Record<TBusinessCategory, { icon: LucideIcon; from: string; to: string; ink: string }> = {
  restaurant: { icon: UtensilsCrossed, from: "#fbe3d3", to: "#f6c9a8", ink: "#9a3b12" },
  legal: { icon: Scale, from: "#e3e7ef", to: "#c9d1e0", ink: "#1f2a44" },
  healthcare: { icon: HeartPulse, from: "#dff3ef", to: "#bfe6dd", ink: "#14665a" },
  consulting: { icon: Briefcase, from: "#e6ebf7", to: "#cbd6f0", ink: "#283270" },
  technology: { icon: Cpu, from: "#e2ecfb", to: "#c3d7f6", ink: "#1d4f91" },
  finance: { icon: Landmark, from: "#e4efe7", to: "#c6dfcd", ink: "#1f5a36" },
  retail: { icon: ShoppingBag, from: "#fbe5ec", to: "#f4c8d6", ink: "#8c2347" },
  "real-estate": { icon: Building2, from: "#ece8e1", to: "#d9d1c3", ink: "#4f4331" },
  education: { icon: GraduationCap, from: "#fdf1d6", to: "#f8dfa4", ink: "#7a5410" },
  creative: { icon: Palette, from: "#efe3fb", to: "#dcc4f5", ink: "#5b2391" },
};

/** A small drawn preview of the site (no screenshot service needed): colour band, motif, name. */
export function SiteThumbnail({ category, name }: { category: TBusinessCategory; name: string }) {
  const look = LOOK[category];
  const Icon = look.icon;
  return (
    <div
      aria-hidden
      className="relative flex aspect-[16/7] items-end overflow-hidden border-b border-border px-4 pb-3 sm:px-5"
      style={{ background: `linear-gradient(135deg, ${look.from}, ${look.to})`, color: look.ink }}
    >
      <div className="absolute top-3 right-4 left-4 flex items-center gap-1.5 opacity-60 sm:right-5 sm:left-5">
        <span className="size-1.5 rounded-full bg-current" />
        <span className="h-1 w-10 rounded-full bg-current opacity-50" />
        <span className="ml-auto h-1 w-6 rounded-full bg-current opacity-40" />
        <span className="h-1 w-6 rounded-full bg-current opacity-40" />
      </div>
      <Icon className="absolute -right-3 -bottom-4 size-24 opacity-15" strokeWidth={1.5} />
      <div className="relative grid min-w-0 gap-1.5">
        <span className="truncate text-sm font-bold" style={{ fontFeatureSettings: '"palt"' }}>
          {name}
        </span>
        <span className="h-1 w-16 rounded-full bg-current opacity-30" />
      </div>
    </div>
  );
}
