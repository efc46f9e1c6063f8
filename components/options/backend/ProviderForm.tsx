import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { useModelConnection } from '@/hooks/useModelConnection';
import { useModelKeys } from '@/hooks/useModelKeys';
import { hostPermissionPattern } from '@/lib/core/host-permission';
import type { Backend, ProviderId } from '@/lib/core/settings';
import { ConnectionResult } from './ConnectionResult';
import { choiceOf, OLLAMA_BASE_URL, PROVIDER_CHOICES } from './providers';

type ProviderBackend = Extract<Backend, { kind: 'provider' }>;

function validUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A provider with its key, base URL and model; saving asks for access to the endpoint first. */
export function ProviderForm({
  backend,
  onSave,
}: {
  backend: ProviderBackend;
  onSave: (backend: ProviderBackend) => Promise<void>;
}) {
  const [keys, saveKey] = useModelKeys();
  const [provider, setProvider] = useState<ProviderId>(backend.provider);
  const [baseUrl, setBaseUrl] = useState(backend.baseUrl ?? '');
  const [model, setModel] = useState(backend.model);
  const [key, setKey] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const connection = useModelConnection();
  const choice = choiceOf(provider);

  useEffect(() => setKey(keys?.[provider] ?? ''), [keys, provider]);

  const pick = (next: ProviderId) => {
    setProvider(next);
    setModel(choiceOf(next).defaultModel);
    setBaseUrl(next === 'openai-compatible' ? OLLAMA_BASE_URL : '');
    setSaved(false);
    connection.reset();
  };

  /** Saves everything; the permission request comes first, while the click still counts as a gesture. */
  const save = async (): Promise<ProviderBackend | null> => {
    setProblem(null);
    const url = baseUrl.trim();
    if (provider === 'openai-compatible' && !url)
      return fail('Enter the server address, e.g. http://127.0.0.1:11434/v1.');
    if (url && !validUrl(url)) return fail('The base URL must start with http:// or https://.');
    const pattern = hostPermissionPattern(url || choice.defaultBaseUrl);
    const granted = pattern ? await browser.permissions.request({ origins: [pattern] }).catch(() => false) : true;
    if (!granted) return fail(`Access to ${pattern} was not allowed: the extension cannot reach this endpoint.`);
    if (!model.trim()) return fail('Enter a model name (Test connection lists them).');
    const next: ProviderBackend = { kind: 'provider', provider, model: model.trim(), ...(url ? { baseUrl: url } : {}) };
    await saveKey(provider, key);
    await onSave(next);
    setSaved(true);
    return next;
  };
  const fail = (message: string) => {
    setProblem(message);
    return null;
  };

  const testConnection = async () => {
    const next = await save();
    if (next) await connection.test({ provider: next.provider, baseUrl: next.baseUrl, model: next.model });
  };

  return (
    <div className="provider-form" data-testid="provider-form">
      <label className="field">
        <span>Provider</span>
        <select value={provider} onChange={(event) => pick(event.currentTarget.value as ProviderId)}>
          {PROVIDER_CHOICES.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Base URL {provider === 'openai-compatible' ? '' : '(optional)'}</span>
        <input
          type="url"
          data-testid="base-url"
          value={baseUrl}
          placeholder={choice.defaultBaseUrl ?? OLLAMA_BASE_URL}
          onChange={(event) => setBaseUrl(event.currentTarget.value)}
        />
      </label>
      <label className="field">
        <span>API key {choice.needsKey ? '' : '(optional)'}</span>
        <input
          type="password"
          data-testid="api-key"
          autoComplete="off"
          value={key}
          placeholder={choice.keyHint}
          onChange={(event) => setKey(event.currentTarget.value)}
        />
      </label>
      <label className="field">
        <span>Model</span>
        <input
          data-testid="model"
          list="provider-models"
          value={model}
          onChange={(event) => setModel(event.currentTarget.value)}
        />
        <datalist id="provider-models">
          {connection.state.status === 'ok' &&
            connection.state.report.models.map((id) => <option key={id} value={id} />)}
        </datalist>
      </label>
      <p className="muted small">
        The key stays in this browser (storage.local) and is sent only to{' '}
        {provider === 'openai-compatible' ? 'this server' : choice.label}.
      </p>
      <div className="row">
        <button type="button" className="primary" onClick={() => void save()}>
          Save
        </button>
        <button
          type="button"
          className="secondary"
          data-testid="test-connection"
          disabled={connection.state.status === 'testing'}
          onClick={() => void testConnection()}
        >
          {connection.state.status === 'testing' ? 'Testing…' : 'Test connection'}
        </button>
        {saved && !problem && <span className="muted small">Saved.</span>}
      </div>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <ConnectionResult state={connection.state} model={model} onPick={setModel} />
    </div>
  );
}
