// Preloaded (node --import) into a command the bench measures: at exit, writes the process's peak resident memory
// (KiB, as getrusage reports it) to BENCH_MAX_RSS_FILE, so the bench needs no `time` command of the system.
import {writeFileSync} from 'node:fs';

process.on('exit', () => {
  if (process.env.BENCH_MAX_RSS_FILE) writeFileSync(process.env.BENCH_MAX_RSS_FILE, String(process.resourceUsage().maxRSS));
});
