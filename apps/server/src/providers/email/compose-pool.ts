import { availableParallelism } from "node:os";
import type { SendMailOptions } from "nodemailer";
import { Piscina } from "piscina";

export type ComposedMessage = {
  raw: Uint8Array;
  envelope: { from: string | false; to: string[] };
  messageId: string | null;
};

/**
 * Worker threads that build and DKIM-sign messages (compose-worker.mjs) for one SMTP provider. One
 * core is left to the event loop; threads start on the first message and end after a minute idle,
 * so a process that sends nothing runs none.
 */
export function createComposePool() {
  let pool: Piscina | null = null;
  return {
    /** Message options as sendMail takes them; a DKIM key is PEM text (a parsed key cannot be posted to a thread). */
    compose(mail: SendMailOptions): Promise<ComposedMessage> {
      pool ??= new Piscina({
        filename: new URL("./compose-worker.mjs", import.meta.url).href,
        minThreads: 0,
        maxThreads: Math.max(1, availableParallelism() - 1),
        idleTimeout: 60_000,
      });
      return pool.run(mail);
    },
    async close(): Promise<void> {
      const running = pool;
      pool = null;
      await running?.destroy();
    },
  };
}
