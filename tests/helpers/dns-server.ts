import dns2 from "dns2";

const { Packet } = dns2;

/**
 * A real DNS server on 127.0.0.1 (UDP, an ephemeral port) answering TXT questions from a table
 * the test fills: what an organization publishes at its DNS host. Unknown names are NXDOMAIN.
 * The server under test reads it through DNS_SERVERS=127.0.0.1:<port>.
 */
export interface TestDnsServer {
  /** For DNS_SERVERS. */
  address: string;
  /** Publish (replace) the TXT strings of a name. */
  setTxt(name: string, values: string[]): void;
  removeTxt(name: string): void;
  /** Names asked for, lower case, in order. */
  asked: string[];
  close(): Promise<void>;
}

export async function startDnsServer(): Promise<TestDnsServer> {
  const records = new Map<string, string[]>();
  const asked: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = (question?.name ?? "").toLowerCase().replace(/\.$/, "");
      asked.push(name);
      const values = records.get(name);
      if (question && question.type === Packet.TYPE.TXT && values) {
        for (const data of values) {
          const answer = { name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data };
          response.answers.push(answer as unknown as (typeof response.answers)[number]);
        }
      } else if (!values) {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
      }
      send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  const port = (addresses.udp as { port: number }).port;
  return {
    address: `127.0.0.1:${port}`,
    setTxt: (name, values) => records.set(name.toLowerCase(), values),
    removeTxt: (name) => records.delete(name.toLowerCase()),
    asked,
    close: () => server.close(),
  };
}
