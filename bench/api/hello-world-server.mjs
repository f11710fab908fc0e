// The yardstick of the cheap-call comparison: Fastify's own hello-world, as its benchmarks run it
// (defaults, no logger, no plugins), in a process of its own like the Gatehouse server, on a free
// port it reports to the bench over IPC. Started with report-cpu.mjs preloaded.
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
