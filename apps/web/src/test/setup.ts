import "@testing-library/jest-dom/vitest";
import { LANGUAGES } from "@shobai/shared/constants";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";
import { i18n, i18nReady } from "@/lib/i18n";

// Tests switch languages freely: have every language loaded before any of them runs.
beforeAll(async () => {
  await i18nReady;
  await i18n.loadLanguages([...LANGUAGES]);
});

// Radix Select asks the element about pointer capture and scrolls options into view; jsdom has neither.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};

afterEach(() => cleanup());
