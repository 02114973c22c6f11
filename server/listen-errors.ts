/** The settings a listener was started from, named as the reader sets them. */
export interface ListenSettings {
  port: number;
  host: string;
  portVariable: string;
  hostVariable: string;
  /** What to do instead, added to a taken-port message. */
  portHint: string;
}

/** A listen failure as one line naming the variable to change; errors that no setting explains pass through as they are. */
export function explainListenError(error: unknown, where: ListenSettings): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  const {port, host, portVariable, hostVariable} = where;
  switch (code) {
    case 'EADDRINUSE':
      return new Error(`${portVariable}: ${port} on ${host} is already in use. ${where.portHint}`);
    case 'EACCES':
      return new Error(`${portVariable}: this user may not listen on port ${port} (ports below 1024 need privileges). Pick a port of 1024 or above.`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return new Error(`${hostVariable}: the host name ${host} does not resolve. Use an address of this machine, for example 127.0.0.1 or 0.0.0.0.`);
    case 'EADDRNOTAVAIL':
      return new Error(`${hostVariable}: ${host} is not an address of this machine. Use one it has, for example 127.0.0.1 or 0.0.0.0.`);
    default:
      return error;
  }
}
