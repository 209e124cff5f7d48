import type { TPasskeyOptions } from "@shobai/shared";

/**
 * The browser side of passkeys (decision 0052), with @simplewebauthn/browser loaded only when a
 * passkey is used (the sign-in page stays light). The server's options pass through untouched.
 */

export const passkeysSupported = (): boolean =>
  typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";

/** What went wrong on the device (not on the server): the prompt closed, or the passkey exists. */
export type PasskeyDeviceProblem = "cancelled" | "alreadySaved" | "unsupported";

export class PasskeyDeviceError extends Error {
  constructor(readonly problem: PasskeyDeviceProblem) {
    super(`passkey: ${problem}`);
  }
}

function deviceError(error: unknown): unknown {
  const name = error instanceof Error ? error.name : "";
  const code = (error as { code?: string } | null)?.code ?? "";
  if (name === "InvalidStateError" || code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED")
    return new PasskeyDeviceError("alreadySaved");
  if (name === "NotAllowedError" || name === "AbortError" || code.startsWith("ERROR_"))
    return new PasskeyDeviceError("cancelled");
  return error;
}

export async function createPasskey(options: TPasskeyOptions["options"]): Promise<unknown> {
  if (!passkeysSupported()) throw new PasskeyDeviceError("unsupported");
  const { startRegistration } = await import("@simplewebauthn/browser");
  try {
    // biome-ignore lint/suspicious/noExplicitAny: the server's options, checked there.
    return await startRegistration({ optionsJSON: options as any });
  } catch (error) {
    throw deviceError(error);
  }
}

export async function getPasskey(
  options: TPasskeyOptions["options"],
  { autofill = false }: { autofill?: boolean } = {},
): Promise<unknown> {
  if (!passkeysSupported()) throw new PasskeyDeviceError("unsupported");
  const { startAuthentication } = await import("@simplewebauthn/browser");
  try {
    // biome-ignore lint/suspicious/noExplicitAny: the server's options, checked there.
    return await startAuthentication({ optionsJSON: options as any, useBrowserAutofill: autofill });
  } catch (error) {
    throw deviceError(error);
  }
}

/** Whether the browser can offer passkeys in the email field's autofill (conditional UI). */
export async function passkeyAutofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  const { browserSupportsWebAuthnAutofill } = await import("@simplewebauthn/browser");
  return browserSupportsWebAuthnAutofill();
}
