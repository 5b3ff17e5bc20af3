// Two app nodes (server.js from the build) on the project's PostgreSQL database, as behind a
// load balancer: the first seeds the demo shop, then the second starts on the seeded database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, startServerJs, type ServerProcess } from "../integration/server-process";

export async function startTwoNodes(): Promise<{ nodes: ServerProcess[]; port: number }> {
  const port = await freePort();
  const shared = { DATABASE_URL: process.env.DATABASE_URL!, SESSION_SECRET: process.env.SESSION_SECRET!, ROOT_DOMAIN: `localhost:${port}` };
  const uploadDir = (node: string) => fs.mkdtempSync(path.join(os.tmpdir(), `uploads-${node}-`));
  const nodeA = await startServerJs({ ...shared, PORT: String(port), SEED_DEMO: "1", UPLOAD_DIR: uploadDir("a") });
  const nodeB = await startServerJs({ ...shared, SEED_DEMO: "0", UPLOAD_DIR: uploadDir("b") });
  return { nodes: [nodeA, nodeB], port };
}

export function stopNodes(nodes: ServerProcess[]): void {
  for (const node of nodes) node.process.kill("SIGKILL");
}
