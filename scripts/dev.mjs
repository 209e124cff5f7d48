// `npm run dev`: the API with reload on change (tsx watch) and the web app with hot module
// replacement (Vite on :5173, proxying /api to the API). Ctrl+C stops both.
import { spawn } from "node:child_process";

const port = process.env.PORT ?? "5000";
const children = [
  spawn("npm", ["run", "dev", "-w", "@shobai/server"], {
    stdio: "inherit",
    env: { ...process.env, PORT: port },
  }),
  spawn("npm", ["run", "dev", "-w", "@shobai/web"], {
    stdio: "inherit",
    env: { ...process.env, PORT: port },
  }),
];
console.log("\n  Shobai dev: open http://localhost:5173/ (API on port %s)\n", port);

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 500).unref();
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
