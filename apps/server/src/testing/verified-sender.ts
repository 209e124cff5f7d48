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
  await fillSenderDetails(client);
  return { link, location: confirmed.headers.location as string | undefined };
}

/**
 * The sender details every campaign needs (特定電子メール法): name, postal address, contact point,
 * unless the owner has some already.
 */
export async function fillSenderDetails(client: TestClient): Promise<void> {
  const current = (await client.get("/api/email/settings")).json() as Record<string, string>;
  const saved = await client.put("/api/email/settings", {
    ...current,
    senderName: current.senderName || "さくら商店",
    postalAddress: current.postalAddress || "〒150-0001 東京都渋谷区神宮前1-2-3",
    contactPoint: current.contactPoint || "https://sakura.example.jp/contact",
  });
  if (saved.statusCode !== 200) throw new Error(`settings: ${saved.statusCode} ${saved.body}`);
}
