import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MODEL_CLI_OPTIONS, modelFromCli } from '@/cli/model-options';
import { startTestServer, writeFrames } from './harness/server';
import { openaiCompatibleWire } from './harness/wire';

const parse = (args: string[]) =>
  parseArgs({ args, options: MODEL_CLI_OPTIONS, strict: true }).values as Record<string, unknown>;

describe('modelFromCli', () => {
  it('builds an OpenAI-compatible model that answers', async () => {
    const server = await startTestServer();
    try {
      server.setHandler(async (_exchange, response) => {
        const { open, deltas, close } = openaiCompatibleWire.stream(['4', '2']);
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        await writeFrames(response, [...open, ...deltas, ...close]);
        response.end();
      });
      const model = modelFromCli(
        parse([
          '--base-url',
          `${server.url}/v1`,
          '--model',
          'llama3.2',
          '--api-key-env',
          'LOCAL_KEY',
          '--concurrency',
          '2',
        ]),
        { LOCAL_KEY: 'sk-test' },
      );
      expect(model).toMatchObject({ id: 'openai-compatible:llama3.2', maxConcurrency: 2, local: false });
      const result = await model.generate({ messages: [{ role: 'user', content: 'Q' }] });
      expect(result.text).toBe('42');
      expect(server.exchanges[0]?.headers.authorization).toBe('Bearer sk-test');
    } finally {
      await server.close();
    }
  });

  it.each([
    [['--model', 'm'], /--base-url is required/],
    [['--base-url', 'not a url', '--model', 'm'], /--base-url: must be a URL/],
    [['--base-url', 'http://127.0.0.1:1/v1'], /--model: is required/],
    [['--base-url', 'http://x/v1', '--model', 'm', '--timeout', 'soon'], /--timeout: must be a number/],
    [['--base-url', 'http://x/v1', '--model', 'm', '--concurrency', '0'], /--concurrency: must be at least 1/],
    [['--base-url', 'http://x/v1', '--model', 'm', '--api-key-env', 'MISSING_VAR'], /MISSING_VAR is not set/],
    [['--provider', 'openai', '--model', 'gpt-4o-mini'], /openai needs a key/],
    [['--provider', 'mistral', '--model', 'm'], /--provider/],
  ])('refuses %j with a one-line reason', (args, reason) => {
    expect(() => modelFromCli(parse(args), {})).toThrow(reason);
    try {
      modelFromCli(parse(args), {});
    } catch (error) {
      expect(error).toMatchObject({ name: 'UsageError', code: 'bad-input' });
    }
  });

  it("uses the provider's usual key variable when none is named", () => {
    const model = modelFromCli(parse(['--provider', 'anthropic', '--model', 'claude-3-5-haiku-latest']), {
      ANTHROPIC_API_KEY: 'sk-ant',
    });
    expect(model.id).toBe('anthropic:claude-3-5-haiku-latest');
  });
});
