// Preloaded into every process the API bench measures (`node --import`): answers the bench's `cpu`
// message with this process's CPU time so far (process.cpuUsage: user + system of every thread, in
// µs), so a round's cost is read from the server itself, precisely, whatever else the machine runs.
process.on('message', (message) => {
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ cpuMicros: user + system });
  }
});
// The channel must not keep a server alive that was asked to stop.
process.channel?.unref();
