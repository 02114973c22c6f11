/**
 * Runs a step of loading the site configuration or its plugins, and stops the process with the step's own message
 * when it throws. Docusaurus would print such an error inside a "could not load" stack trace, with the message that
 * says what to fix buried in its `[cause]`; these errors already name the variable or file to fix.
 */
export function stopWithMessage<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
