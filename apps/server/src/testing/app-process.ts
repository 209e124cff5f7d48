import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export type AppProcess = {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** SIGTERM, then waits for the exit (SIGKILL after `timeoutMs`). */
  stop(timeoutMs?: number): Promise<number | null>;
};

/**
 * One real app process (`src/main.ts`, as `npm start` runs it) on a free loopback port, with the
 * given environment on top of this one's. Resolves once it prints its URL.
 */
export function startAppProcess(env: Record<string, string>, startTimeoutMs = 90_000): Promise<AppProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverRoot,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const started = new Promise<AppProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`app process did not start within ${startTimeoutMs} ms:\n${output.slice(-4000)}`));
    }, startTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.length > 1_000_000) output = output.slice(-200_000);
      const match = output.match(/Shobai is running at http:\/\/[^:]+:(\d+)\//);
      if (match?.[1]) {
        clearTimeout(timer);
        const port = Number(match[1]);
        resolve({
          child,
          port,
          url: `http://127.0.0.1:${port}`,
          output: () => output,
          exited,
          async stop(timeoutMs = 30_000) {
            if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
            child.kill("SIGTERM");
            const force = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
            const code = await exited;
            clearTimeout(force);
            return code;
          },
        });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`app process exited (${code}) before listening:\n${output.slice(-4000)}`));
    });
  });
  return started;
}
