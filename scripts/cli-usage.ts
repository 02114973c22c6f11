/** Asked for help (`--help` or `-h` before any `--`), prints the command's usage on stdout and exits 0. */
export function answerHelp(usage: string, args: readonly string[] = process.argv.slice(2)): void {
  const end = args.indexOf('--');
  const own = end < 0 ? args : args.slice(0, end);
  if (own.includes('--help') || own.includes('-h')) {
    console.log(usage.trim());
    process.exit(0);
  }
}
