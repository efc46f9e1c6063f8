import { extract } from './commands/extract';
import { exitCodeFor, UsageError } from './errors';

type Command = (argv: string[]) => Promise<unknown>;

/** Each command lives in its own file under cli/commands and prints JSON on stdout. */
const COMMANDS: Record<string, Command> = {
  extract,
  // Loaded on use, so one command's dependencies (the whole pipeline) do not slow the others' start.
  check: async (argv) => (await import('./commands/check')).check(argv),
  eval: async (argv) => (await import('./commands/eval')).evaluate(argv),
  reliability: async (argv) => (await import('./commands/reliability')).reliability(argv),
  claims: async (argv) => (await import('./commands/claims')).claims(argv),
};

const USAGE = `usage: factcheck <command> [options]
commands:
  extract --url <page url> --html <file>                 print the SerpCapture JSON
  check --question <q> --sources <file.json> [--method norag|concat|astute|madam|auto]
        --base-url <url> --model <id> [--api-key-env VAR]  print the Verdict JSON
        [--trust <file.json>] [--answer-box <text>]
  eval --dataset <file.jsonl> [--method m] --base-url <url> --model <id>
        [--limit N] [--offset N] [--jobs K] [--out items.jsonl]   print RAMDocs metrics
  reliability --responses <file.json>                    print estimated reliability + answers
  claims --url <page url> --html <file> --base-url <url> --model <id> [--api-key-env VAR]
        [--trust <file.json>]   check the page's answer box claim by claim: claims, outcomes, evidence JSON
method options: --iterations t (1) --passages m (1) --rounds T (3) --kappa k (4)
        --alpha a (0.5) --beta b (1.0) --max-calls N (60) --max-tokens N (120000) --cap-agents`;

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
