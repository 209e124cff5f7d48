import "@testing-library/jest-dom/vitest";
import { LANGUAGES } from "@shobai/shared/constants";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { i18n, i18nReady } from "@/lib/i18n";
import { failOnFakeApiFaults, startFakeApi, stopFakeApi } from "./fake-api";

// Tests switch languages freely: have every language loaded before any of them runs.
beforeAll(async () => {
  await i18nReady;
  await i18n.loadLanguages([...LANGUAGES]);
  // Public fetchers import the shared schemas on demand (decision 0015): load them before the
  // first test, so its first answer is not held up by transforming the whole package.
  await import("@shobai/shared");
});

// findBy…/waitFor wait on a condition; two test files share the machine's two cores, so a first
// render that loads lazy chunks and answers through the fake API may take more than a second.
configure({ asyncUtilTimeout: 5000 });

// Radix Select asks the element about pointer capture and scrolls options into view; jsdom has neither.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};

// Every fetch goes to the one fake API (fake-api.ts); a test that misuses it fails after it ran.
beforeAll(() => startFakeApi());
afterAll(() => stopFakeApi());
afterEach(() => {
  cleanup();
  failOnFakeApiFaults();
});
