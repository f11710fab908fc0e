// The production entry point: the process, nothing else (wiring lives in app.ts).
import { readConfig, startServer } from './start-server.js';

await startServer(readConfig());
