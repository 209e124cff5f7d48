import type { App } from "../app";
import type { TestClient } from "./test-app";

/**
 * Verifies a sender address through the real flow: the verification email arrives in the outbox
 * and its link is opened. `publicUrl` is the app's PUBLIC_URL (the links' origin).
 */
export async function verifySenderThroughOutbox(
  app: App,
  client: TestClient,
  email: string,
  publicUrl: string,
): Promise<{ link: string; location: string | undefined }> {
  const asked = await client.post("/api/email/verify-sender", { email });
  if (asked.statusCode !== 200) throw new Error(`verify-sender answered ${asked.statusCode}: ${asked.body}`);
  const mail = ((await client.get("/api/email/outbox")).json() as { to: string; text: string }[]).find(
    (m) => m.to === email,
  );
  const escaped = publicUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const link = mail?.text.match(
    new RegExp(`${escaped}(/api/email/verify-sender/confirm\\?token=[\\w-]+)`),
  )?.[1];
  if (!link) throw new Error(`no verification link was emailed to ${email}`);
  const confirmed = await app.inject({ method: "GET", url: link });
  return { link, location: confirmed.headers.location as string | undefined };
}
