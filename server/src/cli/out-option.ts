import { type Command, Option } from 'commander';
import type { CliContext } from './context.js';

/**
 * `--out <file>`, the one spelling of every command that writes a file. `--output`, the old
 * spelling of two of them, still works, with a note: scripts written for it keep running.
 */
export function withOutOption(command: Command, description: string): Command {
  return command.option('--out <file>', description).addOption(new Option('--output <file>').hideHelp());
}

export function outFileOf(options: { out?: string; output?: string }, context: CliContext): string | undefined {
  if (options.output && !options.out) context.stderr('Note: --output is now --out.\n');
  return options.out ?? options.output;
}
