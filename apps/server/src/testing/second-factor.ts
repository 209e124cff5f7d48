import * as OTPAuth from "otpauth";
import type { TestClient } from "./test-app";

/** A code as the authenticator app shows it, `steps` periods from now (each step's code works once). */
export function totpCode(key: string, steps = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/**
 * Turns two-factor sign-in on for the signed-in client, as a person does on /profile: the session
 * that enrols counts as proved. Owners and admins of workspaces with other members must (issue 24).
 * Returns the key, for tests that need more codes.
 */
export async function enrolSecondFactor(client: TestClient): Promise<string> {
  const setup = await client.post("/api/auth/second-factor/setup");
  if (setup.statusCode !== 200) throw new Error(`2FA setup answered ${setup.statusCode}: ${setup.body}`);
  const { key } = setup.json() as { key: string };
  const enabled = await client.post("/api/auth/second-factor/enable", { code: totpCode(key) });
  if (enabled.statusCode !== 200)
    throw new Error(`2FA enable answered ${enabled.statusCode}: ${enabled.body}`);
  return key;
}
