import { extract } from './commands/extract';
import { exitCodeFor, UsageError } from './errors';

type Command = (argv: string[]) => Promise<unknown>;

/** Each command lives in its own file under cli/commands and prints JSON on stdout. */
const COMMANDS: Record<string, Command> = {
  extract,
};

const USAGE = `usage: factcheck <command> [options]
commands:
  extract --url <page url> --html <file>                 print the SerpCapture JSON`;

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = name ? COMMANDS[name] : undefined;
  try {
    if (!command) throw new UsageError(name ? `unknown command "${name}"\n${USAGE}` : USAGE);
    const output = await command(rest);
    if (output !== undefined) process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`factcheck: ${message.split('\n')[0]}\n`);
    return exitCodeFor(error);
  }
}

process.exitCode = await main(process.argv.slice(2));
