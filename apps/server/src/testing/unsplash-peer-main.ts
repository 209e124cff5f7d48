import { startUnsplashPeer } from "./unsplash-peer";

/**
 * Runs the local Unsplash test server on its own (end-to-end tests, trying stock photos on a
 * development machine). Port 0 picks a free one; the first line printed names its URL.
 */
const peer = await startUnsplashPeer({
  accessKey: process.env.UNSPLASH_ACCESS_KEY ?? "unsplash_local",
  port: Number(process.env.UNSPLASH_PEER_PORT ?? 0),
  rateLimit: 5000,
});
console.log(`UNSPLASH_PEER ${peer.url}`);
const stop = () => void peer.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
