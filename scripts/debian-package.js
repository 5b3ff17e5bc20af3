// Installs a Debian package the scripts need (PostgreSQL for the throwaway servers, HAProxy
// for the cluster's balancer) when it is missing: as root with apt-get, else it says what to
// run and throws. Installing either in a container starts no service; on a machine with
// systemd the package's own service starts with its default configuration, which neither
// script uses.
import { spawnSync } from "node:child_process";

export const isRoot = process.getuid?.() === 0;

/** The command that installs `name`. */
const installCommand = (name) => `apt-get update && apt-get install -y ${name}`;

/** Installs the Debian package `name` (shown as `label`) as root, or throws with the command to run. */
export function installDebianPackage(name, label) {
  const command = installCommand(name);
  if (!isRoot) {
    const message = `${label} is not installed. Install it as root, then try again:\n  sudo sh -c '${command}'`;
    console.error(message);
    throw new Error(message);
  }
  console.log(`${label} is not installed: ${command}`);
  const result = spawnSync("sh", ["-c", command], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  if (result.status !== 0) throw new Error(`Installing ${label} failed (${command})`);
}
