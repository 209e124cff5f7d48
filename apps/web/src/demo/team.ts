import type { TAuditEntry, TTeam } from "@shobai/shared";

/** A small shop's team for visitors who are not signed in (issue 24). Nothing here is stored. */
const HOUR = 60 * 60 * 1000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

export const DEMO_TEAM: TTeam = {
  workspace: { id: "demo", name: "さくらラーメン", plan: "business", memberLimit: 3, personal: true },
  role: "owner",
  members: [
    {
      userId: "demo-owner",
      name: "佐藤 花子",
      email: "hanako@sakura-ramen.example.jp",
      role: "owner",
      joinedAt: ago(24 * 200),
      lastActiveAt: ago(0.2),
      you: true,
    },
    {
      userId: "demo-editor",
      name: "田中 健",
      email: "ken@sakura-ramen.example.jp",
      role: "editor",
      joinedAt: ago(24 * 40),
      lastActiveAt: ago(26),
      you: false,
    },
  ],
  invitations: [
    {
      id: "demo-invitation",
      email: "part-time@sakura-ramen.example.jp",
      role: "viewer",
      invitedBy: "佐藤 花子",
      createdAt: ago(30),
      expiresAt: ago(30 - 24 * 7),
      expired: false,
    },
  ],
};

export const DEMO_AUDIT: TAuditEntry[] = [
  {
    id: "a3",
    actor: "佐藤 花子",
    action: "member.invited",
    target: "part-time@sakura-ramen.example.jp (viewer)",
    ip: "203.0.113.7",
    createdAt: ago(30),
  },
  {
    id: "a2",
    actor: "田中 健",
    action: "member.joined",
    target: "ken@sakura-ramen.example.jp (editor)",
    ip: "198.51.100.24",
    createdAt: ago(24 * 40),
  },
  {
    id: "a1",
    actor: "佐藤 花子",
    action: "member.invited",
    target: "ken@sakura-ramen.example.jp (editor)",
    ip: "203.0.113.7",
    createdAt: ago(24 * 41),
  },
];
