import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Messages sent to the Shobai team from the public /contact page; operators read them by admin command. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company").notNull().default(""),
    message: text("message").notNull(),
    /** Interface language of the sender (ja, en, pl, ro, ms, id), so the answer can be in it. */
    language: text("language").notNull().default("ja"),
    /** HMAC of the sender's IP address with the server secret: links repeats without keeping the address. */
    ipHash: text("ip_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);
