// Automatic JSX runtime even when the caller's tsconfig (e.g. the repo root for scripts/bench.ts) sets none.
/** @jsxRuntime automatic */
import type { TBusinessCategory } from "@shobai/shared";
import type { ReactElement } from "react";

/*
 * One decorative drawing per trade instead of stock photos. Colours come from classes the stylesheet
 * maps to the palette (ip primary, ia accent, is soft surface, if text colour, ib background), so a
 * palette change recolours the drawing too.
 */
const drawings: Record<TBusinessCategory, ReactElement> = {
  restaurant: (
    <>
      <circle className="is" cx="200" cy="150" r="140" />
      <path
        className="ia"
        d="M150 70c-14-18 14-26 0-44M200 62c-14-18 14-26 0-44M250 70c-14-18 14-26 0-44"
        fill="none"
        strokeWidth="8"
        strokeLinecap="round"
      />
      <path className="ip" d="M70 130h260c0 72-58 122-130 122S70 202 70 130z" />
      <rect className="if" x="150" y="250" width="100" height="14" rx="7" />
      <ellipse className="ib" cx="200" cy="130" rx="130" ry="18" />
      <path
        className="ia"
        d="M95 128c20-14 30 12 50 0s30 12 50 0 30 12 50 0 30 12 50 0"
        fill="none"
        strokeWidth="7"
      />
      <circle className="ib" cx="250" cy="124" r="16" />
      <circle className="ia" cx="250" cy="124" r="7" />
      <path className="if" d="M280 40l-80 92M300 46l-84 90" strokeWidth="7" strokeLinecap="round" />
    </>
  ),
  legal: (
    <>
      <rect className="is" x="40" y="250" width="320" height="18" />
      <path className="ia" d="M200 40v200M120 80h160" strokeWidth="8" strokeLinecap="round" />
      <circle className="ia" cx="200" cy="36" r="12" />
      <path
        className="ia"
        d="M120 80l-38 84h76zM280 80l-38 84h76z"
        fill="none"
        strokeWidth="5"
        strokeLinejoin="round"
      />
      <path className="ia" d="M82 164a38 20 0 0 0 76 0zM242 164a38 20 0 0 0 76 0z" />
      <rect className="ia" x="160" y="236" width="80" height="14" rx="2" />
    </>
  ),
  healthcare: (
    <>
      <circle className="is" cx="200" cy="150" r="130" />
      <path className="ia" d="M110 230c0-70 40-120 110-130-10 70-50 120-110 130z" />
      <rect className="ip" x="170" y="80" width="60" height="160" rx="14" />
      <rect className="ip" x="120" y="130" width="160" height="60" rx="14" />
      <circle className="ib" cx="300" cy="80" r="26" />
      <path className="ip" d="M288 80h24M300 68v24" strokeWidth="6" strokeLinecap="round" />
    </>
  ),
  finance: (
    <>
      <rect className="is" x="40" y="40" width="320" height="220" rx="8" />
      <path className="if" d="M70 230h260" strokeWidth="3" />
      <rect className="ia" x="90" y="170" width="40" height="60" />
      <rect className="ip" x="150" y="135" width="40" height="95" />
      <rect className="ia" x="210" y="105" width="40" height="125" />
      <rect className="ip" x="270" y="70" width="40" height="160" />
      <path
        className="ip"
        d="M80 150l70-40 60 20 90-70"
        fill="none"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle className="ia" cx="300" cy="60" r="10" />
    </>
  ),
  retail: (
    <>
      <circle className="is" cx="200" cy="150" r="135" />
      <path className="ip" d="M110 110h180l-14 150H124z" />
      <path
        className="if"
        d="M160 110V90a40 40 0 0 1 80 0v20"
        fill="none"
        strokeWidth="8"
        strokeLinecap="round"
      />
      <rect className="ia" x="250" y="150" width="90" height="56" rx="10" transform="rotate(-18 295 178)" />
      <circle className="ib" cx="268" cy="176" r="7" />
      <circle className="ia" cx="90" cy="90" r="18" />
      <circle className="ia" cx="330" cy="70" r="10" />
      <path className="ib" d="M150 170h100" strokeWidth="8" strokeLinecap="round" />
    </>
  ),
  "real-estate": (
    <>
      <circle className="ia" cx="310" cy="70" r="30" />
      <path className="is" d="M30 260V150l70-60 70 60v110z" />
      <path className="ip" d="M150 260V120l90-80 90 80v140z" />
      <path className="if" d="M20 260h360" strokeWidth="4" />
      <rect className="ia" x="185" y="140" width="34" height="34" />
      <rect className="ia" x="261" y="140" width="34" height="34" />
      <rect className="ib" x="222" y="200" width="36" height="60" />
      <rect className="ib" x="70" y="180" width="30" height="30" />
    </>
  ),
  education: (
    <>
      <circle className="is" cx="200" cy="150" r="135" />
      <path className="ip" d="M60 90c50-16 100-10 140 16v150c-40-26-90-32-140-16z" />
      <path className="ia" d="M340 90c-50-16-100-10-140 16v150c40-26 90-32 140-16z" />
      <path
        className="ib"
        d="M90 130c30-6 60-2 85 10M90 160c30-6 60-2 85 10M225 140c25-12 55-16 85-10M225 170c25-12 55-16 85-10"
        fill="none"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <path className="ia" d="M300 30l8 18 20 2-15 13 5 20-18-11-18 11 5-20-15-13 20-2z" />
    </>
  ),
  creative: (
    <>
      <circle className="ip" cx="150" cy="130" r="100" />
      <rect className="ia" x="200" y="120" width="150" height="150" transform="rotate(12 275 195)" />
      <path
        className="if"
        d="M40 250c40-40 80 40 120 0s80 40 120 0 80 40 110 0"
        fill="none"
        strokeWidth="10"
        strokeLinecap="round"
      />
      <circle className="ib" cx="150" cy="130" r="30" />
    </>
  ),
  technology: (
    <>
      <rect className="is" x="40" y="50" width="320" height="210" rx="14" />
      <rect className="ip" x="40" y="50" width="320" height="36" rx="14" />
      <circle className="ib" cx="66" cy="68" r="6" />
      <circle className="ib" cx="88" cy="68" r="6" />
      <circle className="ia" cx="110" cy="68" r="6" />
      <path
        className="ip"
        d="M120 130l-40 40 40 40M280 130l40 40-40 40"
        fill="none"
        strokeWidth="10"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path className="ia" d="M220 118l-40 104" strokeWidth="10" strokeLinecap="round" />
    </>
  ),
  consulting: (
    <>
      <circle className="is" cx="200" cy="150" r="135" />
      <path className="ip" d="M70 250h70v-50h60v-50h60v-50h70v150H70z" />
      <path
        className="ia"
        d="M90 170l80-70 50 30 90-80"
        fill="none"
        strokeWidth="8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        className="ia"
        d="M290 40h30v30"
        fill="none"
        strokeWidth="8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect className="ib" x="60" y="60" width="90" height="50" rx="10" />
      <path className="if" d="M78 80h54M78 94h36" strokeWidth="5" strokeLinecap="round" />
    </>
  ),
};

export function Illustration({ category }: { category: TBusinessCategory }) {
  return (
    <svg className="art" viewBox="0 0 400 300" aria-hidden="true" focusable="false">
      {drawings[category]}
    </svg>
  );
}
