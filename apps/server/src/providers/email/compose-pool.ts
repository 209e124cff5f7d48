import { availableParallelism } from "node:os";
import type { SendMailOptions } from "nodemailer";
import { Piscina } from "piscina";

export type ComposedMessage = {
  raw: Uint8Array;
  envelope: { from: string | false; to: string[] };
  messageId: string | null;
};

/** What the worker answers for each message of a task: the message, or why it could not be built. */
type ComposeResult = ComposedMessage | { error: unknown };

/**
 * Messages handed to a thread in one task. A task costs two thread messages (and a thread wake-up)
 * whatever it carries, about as much as building a small message, so the messages asked for in the
 * same turn of the event loop go together; ten at most, so that the first of them does not wait
 * long for the others and the SMTP connections keep getting work.
 */
const MAX_TASK_MESSAGES = 10;

/**
 * Worker threads that build and DKIM-sign messages (compose-worker.mjs) for one SMTP provider. One
 * core is left to the event loop; threads start on the first message and end after a minute idle,
 * so a process that sends nothing runs none.
 */
export function createComposePool() {
  let pool: Piscina | null = null;
  let waiting: {
    mail: SendMailOptions;
    resolve: (m: ComposedMessage) => void;
    reject: (e: unknown) => void;
  }[] = [];
  let flushing = false;

  function flush(): void {
    flushing = false;
    const queued = waiting;
    waiting = [];
    pool ??= new Piscina({
      filename: new URL("./compose-worker.mjs", import.meta.url).href,
      minThreads: 0,
      maxThreads: Math.max(1, availableParallelism() - 1),
      idleTimeout: 60_000,
    });
    for (let start = 0; start < queued.length; start += MAX_TASK_MESSAGES) {
      const task = queued.slice(start, start + MAX_TASK_MESSAGES);
      pool.run(task.map((t) => t.mail)).then(
        (results: ComposeResult[]) => {
          task.forEach((t, n) => {
            const result = results[n];
            if (!result) t.reject(new Error("The compose thread returned no message"));
            else if ("error" in result) t.reject(result.error);
            else t.resolve(result);
          });
        },
        (error: unknown) => {
          for (const t of task) t.reject(error);
        },
      );
    }
  }

  return {
    /** Message options as sendMail takes them; a DKIM key is PEM text (a parsed key cannot be posted to a thread). */
    compose(mail: SendMailOptions): Promise<ComposedMessage> {
      return new Promise((resolve, reject) => {
        waiting.push({ mail, resolve, reject });
        if (!flushing) {
          flushing = true;
          setImmediate(flush);
        }
      });
    },
    async close(): Promise<void> {
      const running = pool;
      pool = null;
      await running?.destroy();
    },
  };
}
