import type { Backend, Settings } from '@/lib/core/settings';
import { LocalModelPicker } from './backend/LocalModelPicker';
import { ProviderForm } from './backend/ProviderForm';
import { choiceOf } from './backend/providers';
import './backend/backend.css';

type Change = (change: (current: Settings) => Settings) => Promise<void>;

const DEFAULT_PROVIDER: Extract<Backend, { kind: 'provider' }> = {
  kind: 'provider',
  provider: 'openai-compatible',
  model: choiceOf('openai-compatible').defaultModel,
  baseUrl: 'http://127.0.0.1:11434/v1',
};

/** Which model answers: the local one in this browser, or a provider (with its key, base URL and model). */
export function BackendSettings({ settings, onChange }: { settings: Settings; onChange: Change }) {
  const { backend } = settings;
  const setBackend = (next: Backend) => onChange((current) => ({ ...current, backend: next }));
  const number = (value: string, min: number, max: number) => Math.min(max, Math.max(min, Math.round(Number(value))));

  return (
    <section aria-labelledby="backend-heading" className="backend-settings">
      <h2 id="backend-heading">Model</h2>
      <fieldset>
        <legend>Who answers</legend>
        <label className="row">
          <input
            type="radio"
            name="backend-kind"
            checked={backend.kind === 'webllm'}
            onChange={() => void setBackend({ kind: 'webllm', model: null })}
          />
          Local model, in this browser (no key; nothing leaves your machine; needs WebGPU and a download)
        </label>
        <label className="row">
          <input
            type="radio"
            name="backend-kind"
            data-testid="backend-provider"
            checked={backend.kind === 'provider'}
            onChange={() => void setBackend(DEFAULT_PROVIDER)}
          />
          A provider or a server of my own
        </label>
      </fieldset>
      <fieldset>
        <legend>{backend.kind === 'webllm' ? 'Local model' : 'Provider'}</legend>
        {backend.kind === 'webllm' ? (
          <LocalModelPicker chosen={backend.model} onChoose={(model) => setBackend({ kind: 'webllm', model })} />
        ) : (
          <ProviderForm key={backend.provider} backend={backend} onSave={setBackend} />
        )}
      </fieldset>
      <fieldset>
        <legend>Requests</legend>
        <label className="row">
          At most
          <input
            type="number"
            min={1}
            max={16}
            value={settings.concurrency}
            disabled={backend.kind === 'webllm'}
            onChange={(event) => {
              const concurrency = number(event.currentTarget.value, 1, 16);
              void onChange((current) => ({ ...current, concurrency }));
            }}
          />
          at once {backend.kind === 'webllm' && '(the local model answers one at a time)'}
        </label>
        <label className="row">
          Give up after
          <input
            type="number"
            min={5}
            max={600}
            value={settings.timeoutSeconds}
            onChange={(event) => {
              const timeoutSeconds = number(event.currentTarget.value, 5, 600);
              void onChange((current) => ({ ...current, timeoutSeconds }));
            }}
          />
          seconds without an answer
        </label>
      </fieldset>
    </section>
  );
}
