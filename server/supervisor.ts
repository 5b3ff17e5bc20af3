import { getConfig, workerProcesses } from "~/config.server";

/**
 * The second entry of the server build (`build/server/supervisor.js`): what the primary of a
 * node of several workers needs to supervise them, and nothing of the app. The primary only
 * forks, restarts and stops its workers and counts their event streams: without the app's
 * bundle, express and React it holds a fraction of a worker's memory (issue 31). Its
 * workers migrate, seed and serve (server.js).
 */
export { ConfigError } from "~/config.server";
// A node's primary counts its workers' event streams (per address and in all).
export { serveStreamSlots } from "~/http/stream-slot-counter";

/** The worker processes of this node (the configuration checked first: a ConfigError stops the node at once). */
export function workerCount(): number {
  return workerProcesses(getConfig());
}
