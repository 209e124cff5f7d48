import { startRegistrarPeer } from "./registrar-peer";

/**
 * Runs the local Gandi-compatible registrar on its own, for end-to-end tests and for trying domain
 * registration on a development machine: start it, then run the server with
 * REGISTRAR_API_BASE=http://127.0.0.1:12112 REGISTRAR_API_TOKEN=pat_local REGISTRAR_JPY_RATE=160.
 * Nothing is registered anywhere; taken.jp and example.com are always taken.
 */
const port = Number(process.env.REGISTRAR_PEER_PORT ?? 12112);
const token = process.env.REGISTRAR_API_TOKEN ?? "pat_local";
const currency = process.env.REGISTRAR_CURRENCY ?? "EUR";

const peer = await startRegistrarPeer({
  port,
  token,
  currency,
  prices: {
    jp: 28.5,
    com: 15.5,
    net: 17.5,
    org: 15,
    shop: 30,
    tokyo: 12,
    asia: 18,
    info: 20,
    biz: 19,
    store: 45,
    online: 30,
    site: 25,
  },
  taken: (process.env.REGISTRAR_PEER_TAKEN ?? "taken.jp,example.com,example.jp")
    .split(",")
    .map((d) => d.trim())
    .filter(Boolean),
});
console.log(`Local registrar (Gandi API v5) at ${peer.url}, token "${token}", prices in ${currency}`);
const stop = () => void peer.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
