// Preloaded into the servers by the soak test only (node --expose-gc --import): on SIGUSR2, two full
// garbage collections, then one JSON line with the process's memory. Resident memory swings by a
// hundred megabytes between collections under load; measured right after a full collection, the
// start and the end of a soak compare like with like.
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  globalThis.gc?.();
  const { rss, heapUsed, external } = process.memoryUsage();
  process.stdout.write(`${JSON.stringify({ level: 30, msg: 'memory probe', rss, heapUsed, external })}\n`);
});
