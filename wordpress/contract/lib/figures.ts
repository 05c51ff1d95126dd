// Measured figures of a contract run (request counts, bytes, publish-to-visible time, stale
// serving). Printed as they are measured, and appended to $CONTRACT_FIGURES (JSON lines) when set,
// so contract.sh can list them all after the run.
import { appendFileSync } from 'node:fs';

export function figure(name: string, value: string | number, detail?: Record<string, unknown>): void {
  console.log(`[figure] ${name}: ${value}`);
  const file = process.env.CONTRACT_FIGURES;
  if (file) appendFileSync(file, `${JSON.stringify({ name, value, ...(detail ? { detail } : {}) })}\n`);
}
