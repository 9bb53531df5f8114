import { readConfig } from '../config.js';
import { CliError } from './context.js';

/** The server's settings, from the same environment. */
export function configFromEnvironment(): ReturnType<typeof readConfig> {
  try {
    return readConfig();
  } catch (error) {
    throw new CliError((error as Error).message);
  }
}
