import dgram from "node:dgram";
import type { AddressInfo } from "node:net";
import * as dnsPacket from "dns-packet";

/**
 * A small authoritative DNS server for tests (UDP on 127.0.0.1, a random port), answering
 * from records the test sets: the custom domains' TXT, CNAME, A and AAAA lookups run against
 * it through `DNS_SERVERS`, with no network. `failing = true` answers SERVFAIL to everything
 * (a DNS that cannot answer).
 */
export type TestRecord = { type: "TXT" | "CNAME" | "A" | "AAAA"; name: string; data: string };

export type TestDnsServer = {
  /** `127.0.0.1:<port>`, for DNS_SERVERS. */
  address: string;
  records: TestRecord[];
  failing: boolean;
  /** The names asked, in order (`TXT _livecart-verify.lea.fr`). */
  queries: string[];
  close(): Promise<void>;
};

const sameName = (a: string, b: string) => a.toLowerCase().replace(/\.$/, "") === b.toLowerCase().replace(/\.$/, "");

export async function startDnsServer(): Promise<TestDnsServer> {
  const socket = dgram.createSocket("udp4");
  const server: TestDnsServer = {
    address: "",
    records: [],
    failing: false,
    queries: [],
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };

  socket.on("message", (message, remote) => {
    const query = dnsPacket.decode(message);
    const question = query.questions?.[0];
    if (!question) return;
    server.queries.push(`${question.type} ${question.name}`);
    const ofName = server.records.filter((record) => sameName(record.name, question.name));
    // A name with a CNAME holds nothing else: the alias is the answer to every type.
    const cname = ofName.find((record) => record.type === "CNAME");
    const answers = (cname ? [cname] : ofName.filter((record) => record.type === question.type)).map((record) =>
      record.type === "TXT"
        ? { type: "TXT" as const, name: question.name, ttl: 60, data: [record.data] }
        : { type: record.type, name: question.name, ttl: 60, data: record.data },
    );
    const rcode = server.failing ? "SERVFAIL" : ofName.length === 0 ? "NXDOMAIN" : "NOERROR";
    const reply = dnsPacket.encode({
      id: query.id,
      type: "response",
      flags: dnsPacket.AUTHORITATIVE_ANSWER | dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | rcodeFlag(rcode),
      questions: [question],
      answers: server.failing ? [] : answers,
    });
    socket.send(reply, remote.port, remote.address);
  });

  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  server.address = `127.0.0.1:${(socket.address() as AddressInfo).port}`;
  return server;
}

/** The header's response code, in its low four bits. */
function rcodeFlag(rcode: "NOERROR" | "SERVFAIL" | "NXDOMAIN"): number {
  return { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3 }[rcode];
}
