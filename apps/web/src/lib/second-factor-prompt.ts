import { ERROR_CODES } from "@shobai/shared/constants";
import { getErrorCode } from "./api-error";

/**
 * Sensitive actions (billing, deleting the account…) answer 403 `second_factor_stale` when this
 * session proved the second factor more than 15 minutes ago (decision 0052). The call is wrapped in
 * `withFreshSecondFactor`: the code dialog (mounted by the app frame) asks for a code, then the call
 * is made once more.
 */
type Prompt = { resolve: (verified: boolean) => void };

let current: Prompt | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function subscribeSecondFactorPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the dialog should be open now. */
export const secondFactorPromptOpen = (): boolean => current !== null;

/** The dialog's answer: verified (retry the action) or dismissed. */
export function settleSecondFactorPrompt(verified: boolean): void {
  const prompt = current;
  current = null;
  notify();
  prompt?.resolve(verified);
}

function askForSecondFactor(): Promise<boolean> {
  // No dialog on screen (a test, a page without the app frame): nothing to ask, the error stands.
  if (listeners.size === 0) return Promise.resolve(false);
  current?.resolve(false);
  return new Promise((resolve) => {
    current = { resolve };
    notify();
  });
}

export async function withFreshSecondFactor<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (getErrorCode(error) !== ERROR_CODES.secondFactorStale) throw error;
    if (!(await askForSecondFactor())) throw error;
    return call();
  }
}
