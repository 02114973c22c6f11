// Preloaded (NODE_OPTIONS=--import) into every Node process of a command the bench measures, children included: at
// exit, writes the process's CPU time (user and system, µs, every thread) and peak resident memory (KiB), as
// getrusage reports them, to BENCH_USAGE_DIR/<pid>.json.
import {writeFileSync} from 'node:fs';
import path from 'node:path';

process.on('exit', () => {
  const dir = process.env.BENCH_USAGE_DIR;
  if (!dir) return;
  const {userCPUTime, systemCPUTime, maxRSS} = process.resourceUsage();
  writeFileSync(path.join(dir, `${process.pid}.json`), JSON.stringify({userCPUTime, systemCPUTime, maxRSS}));
});
