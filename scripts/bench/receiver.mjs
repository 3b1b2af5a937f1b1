/**
 * The bench's webhook receiver (scripts/bench/webhooks.ts), in a process of
 * its own, as a receiver is in life: in the bench's process it shared the
 * event loop of the load generator, so every delivery it took delayed the
 * submissions' answers and was counted against the webhook's throughput.
 *
 * Answers 204 to every POST, and keeps each delivery's latency (receipt −
 * the event's timestamp) and webhook-id. Tells its parent its port when
 * listening; answers a "report" message with what it kept.
 */
import http from "node:http";

const latencies = [];
const ids = new Set();

const server = http.createServer((req, res) => {
  ids.add(String(req.headers["webhook-id"]));
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    const event = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    latencies.push(Date.now() - Date.parse(event.timestamp));
    res.writeHead(204).end();
  });
});

process.on("message", (message) => {
  if (message === "report") process.send({ latencies, ids: ids.size });
});
process.on("disconnect", () => server.close(() => process.exit(0)));

server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port }));
