/** The app's one accent (ai-iro indigo) in shades for charts; SVG attributes take plain colours. */
export const CHART_COLORS = {
  primary: "#3a4bab",
  secondary: "#97a8e3",
  tertiary: "#c2cdf0",
  grid: "#e3e6eb",
  axis: "#5a6170",
} as const;
