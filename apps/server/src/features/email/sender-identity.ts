import type { DkimSigningKey, EmailAddress } from "../../providers/email/types";

/** How the platform itself sends: its address, its name in "via", and where bounces go. */
export type PlatformSender = {
  /** EMAIL_FROM */
  from: string;
  /** The name after "via" ("Shobai"). */
  brand: string;
  /** EMAIL_BOUNCE_DOMAIN: envelope senders bounce+{token}@ this domain (VERP), read by the inbound listener. */
  bounceDomain?: string;
};

export type SenderChoice = {
  from: EmailAddress;
  replyTo?: EmailAddress;
  dkim?: DkimSigningKey;
  via: boolean;
};

/**
 * Who an owner's email is From (decision 0036). With the owner's domain authenticated (its DKIM
 * key verified), From is the owner's address, signed d= their domain: DMARC aligns. Otherwise, and
 * always for mailbox providers' domains (gmail.com, yahoo.co.jp…) whose strict DMARC policy refuses
 * mail sent "as" them by anyone else, From is the platform's address under the owner's name
 * ("さくら食堂 via Shobai") and replies go to the owner: the platform's own DKIM and SPF align.
 */
export function chooseSender(input: {
  address: string;
  name: string;
  replyTo: string;
  ownKey: DkimSigningKey | null;
  platform: PlatformSender;
}): SenderChoice {
  const { address, name, replyTo, ownKey, platform } = input;
  if (ownKey) {
    return {
      from: { email: address, ...(name ? { name } : {}) },
      ...(replyTo ? { replyTo: { email: replyTo } } : {}),
      dkim: ownKey,
      via: false,
    };
  }
  return {
    from: { email: platform.from, name: `${name || address} via ${platform.brand}` },
    replyTo: { email: replyTo || address, ...(name ? { name } : {}) },
    via: true,
  };
}

/** Variable Envelope Return Path: each email's own bounce address, so a bounce names its delivery. */
export { verpAddress } from "./verp";
