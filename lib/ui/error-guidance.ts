import type { ErrorCode, SerializedError } from '../core/errors';

export interface Guidance {
  title: string;
  /** What the person can do about it. */
  advice: string;
  /** Where the fix is: run again, or change the settings. */
  action: 'retry' | 'settings' | 'none';
}

const GUIDANCE: Record<ErrorCode, Guidance> = {
  'bad-input': {
    title: 'Something was malformed',
    advice: 'Reload the results page and check again.',
    action: 'retry',
  },
  'unsupported-page': {
    title: 'This page cannot be read',
    advice: 'Open a results page of a supported search engine, then press Check.',
    action: 'none',
  },
  'no-capture': { title: 'No search results here', advice: 'Search first, then press Check.', action: 'none' },
  'bad-key': {
    title: 'The API key was refused',
    advice: 'Check the key for your provider in the settings.',
    action: 'settings',
  },
  quota: {
    title: 'Quota used up',
    advice: 'Your provider account is out of credit or quota; top it up or switch provider.',
    action: 'settings',
  },
  'rate-limited': {
    title: 'Too many requests',
    advice: 'The provider asked us to slow down. Wait a moment and retry.',
    action: 'retry',
  },
  'check-limit': {
    title: 'Check held back',
    advice: 'This page asked for more checks than the limit allows; nothing was sent to the model.',
    action: 'retry',
  },
  'unknown-model': {
    title: 'Unknown model',
    advice: 'The provider does not know this model name; pick another in the settings.',
    action: 'settings',
  },
  'endpoint-unreachable': {
    title: 'The model could not be reached',
    advice: 'Check your connection, or that your local server is running at the address in the settings.',
    action: 'retry',
  },
  'permission-needed': {
    title: 'Permission needed',
    advice: 'Allow the extension to reach your model’s address in the settings.',
    action: 'settings',
  },
  timeout: {
    title: 'The model took too long',
    advice: 'Retry, or raise the timeout or pick a faster model in the settings.',
    action: 'retry',
  },
  cancelled: { title: 'Check cancelled', advice: 'Press Check to run it again.', action: 'retry' },
  'malformed-output': {
    title: 'The model’s answer could not be read',
    advice: 'Retry; if it keeps happening, choose a larger model.',
    action: 'retry',
  },
  'model-download-failed': {
    title: 'The local model could not be downloaded',
    advice: 'Check your connection and retry; the download resumes where it stopped.',
    action: 'retry',
  },
  'webgpu-unavailable': {
    title: 'No WebGPU for the local model',
    advice: 'This browser cannot run the local model. Choose a provider in the settings instead.',
    action: 'settings',
  },
  'budget-exceeded': {
    title: 'Call or token limit reached',
    advice: 'The check stopped at your limit; raise it in the method settings or use the fast preset.',
    action: 'settings',
  },
  forbidden: { title: 'Request refused', advice: 'Reload the side panel and try again.', action: 'retry' },
  internal: {
    title: 'Something went wrong',
    advice: 'Retry; if it keeps failing, reload the extension.',
    action: 'retry',
  },
};

export function guidanceFor(error: SerializedError): Guidance {
  const guidance = GUIDANCE[error.code];
  // A retryable error is worth retrying even where the usual fix is in the settings.
  return error.retryable && guidance.action === 'none' ? { ...guidance, action: 'retry' } : guidance;
}
