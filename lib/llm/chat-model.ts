export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A JSON schema the backend should constrain its output to, where it can. */
export interface JsonSchemaSpec {
  name: string;
  schema: Record<string, unknown>;
}

export interface ChatRequest {
  messages: ChatMessage[];
  temperature?: number;
  maxTokens?: number;
  /** Structured output: honoured by backends with `supportsJsonSchema`; others get the schema in the prompt only. */
  jsonSchema?: JsonSchemaSpec;
  signal?: AbortSignal;
  /** Called with each streamed piece of text, when the backend streams. */
  onToken?: (delta: string) => void;
}

export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
  ms: number;
}

export interface ChatResult {
  text: string;
  usage: ChatUsage;
}

/**
 * The one interface every backend implements (WebLLM, OpenAI, Anthropic, Gemini, OpenAI-compatible,
 * and the scripted model of the tests). Failures are FactCheckErrors with a code and a retryable flag.
 */
export interface ChatModel {
  /** "<backend>:<model>", e.g. "openai-compatible:llama3.1". */
  readonly id: string;
  /** Requests this backend serves at once (WebLLM: 1). Callers may issue more; the model queues them. */
  readonly maxConcurrency: number;
  readonly supportsJsonSchema: boolean;
  /** True for a model running on this machine (κ caps the number of agents then). */
  readonly local: boolean;
  generate(request: ChatRequest): Promise<ChatResult>;
}
