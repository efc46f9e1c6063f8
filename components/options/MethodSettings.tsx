import { useState } from 'react';
import { paramsFor } from '@/lib/core/presets';
import { type MethodParams, MethodParamsSchema, type Preset, type Settings } from '@/lib/core/settings';

const PRESETS: { value: Preset; label: string; hint: string }[] = [
  { value: 'fast', label: 'Fast', hint: 'Few model calls; a first answer within one round trip.' },
  { value: 'thorough', label: 'Thorough', hint: 'The papers’ full settings and more source agents; slower.' },
  { value: 'custom', label: 'Custom', hint: 'Set each parameter yourself.' },
];

const PARAMS: { key: keyof MethodParams; label: string; step: number }[] = [
  { key: 'iterations', label: 'Consolidation iterations (Astute t)', step: 1 },
  { key: 'passages', label: 'Passages from the model’s memory (Astute m̂)', step: 1 },
  { key: 'rounds', label: 'Debate rounds at most (MADAM T)', step: 1 },
  { key: 'kappa', label: 'Source agents at most (RA-RAG κ)', step: 1 },
  { key: 'alpha', label: 'Refusal threshold (BRIDGE α)', step: 0.05 },
  { key: 'beta', label: 'Trust-the-sources threshold (BRIDGE β)', step: 0.05 },
  { key: 'maxCalls', label: 'Model calls per check at most', step: 1 },
  { key: 'maxTokens', label: 'Tokens per check at most', step: 1000 },
];

/** Why a value cannot be saved, or null. α must stay below β. */
function problemWith(params: MethodParams, key: keyof MethodParams, raw: string): string | null {
  const parsed = MethodParamsSchema.shape[key].safeParse(raw.trim() === '' ? Number.NaN : Number(raw));
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Not a valid value.';
  const next = { ...params, [key]: parsed.data };
  return next.alpha < next.beta ? null : 'α must be lower than β.';
}

type Change = (change: (current: Settings) => Settings) => Promise<void>;

/** How thoroughly a check runs, and whether results pages get trust badges. */
export function MethodSettings({ settings, onChange }: { settings: Settings; onChange: Change }) {
  const effective = paramsFor(settings);
  const custom = settings.preset === 'custom';
  const [drafts, setDrafts] = useState<Record<string, string>>({});

  const choosePreset = (preset: Preset) => {
    setDrafts({});
    // Custom starts from what the current preset does, so nothing jumps.
    void onChange((s) => ({ ...s, preset, params: preset === 'custom' ? paramsFor(s) : s.params }));
  };

  const commit = (key: keyof MethodParams) => {
    const raw = drafts[key];
    if (raw === undefined || problemWith(effective, key, raw)) return;
    void onChange((s) => ({ ...s, params: { ...s.params, [key]: Number(raw) } }));
    setDrafts(({ [key]: _saved, ...rest }) => rest);
  };

  return (
    <section aria-labelledby="method-heading" data-testid="method-settings">
      <h2 id="method-heading">How to check</h2>
      <fieldset>
        <legend>Method preset</legend>
        {PRESETS.map((preset) => (
          <label key={preset.value} className="row">
            <input
              type="radio"
              name="preset"
              value={preset.value}
              checked={settings.preset === preset.value}
              data-testid={`preset-${preset.value}`}
              onChange={() => choosePreset(preset.value)}
            />
            <span>
              {preset.label} <span className="muted small">— {preset.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Parameters{custom ? '' : ' (set by the preset)'}</legend>
        <div className="param-grid">
          {PARAMS.map(({ key, label, step }) => {
            const raw = drafts[key] ?? String(effective[key]);
            const problem = drafts[key] === undefined ? null : problemWith(effective, key, raw);
            const id = `param-${key}`;
            return (
              <div key={key} className="param">
                <label htmlFor={id}>{label}</label>
                <input
                  id={id}
                  type="number"
                  step={step}
                  value={raw}
                  disabled={!custom}
                  aria-invalid={problem !== null}
                  aria-describedby={problem ? `${id}-problem` : undefined}
                  data-testid={id}
                  onChange={(event) => setDrafts({ ...drafts, [key]: event.currentTarget.value })}
                  onBlur={() => commit(key)}
                  onKeyDown={(event) => event.key === 'Enter' && commit(key)}
                />
                {problem && (
                  <span id={`${id}-problem`} className="error small">
                    {problem}
                  </span>
                )}
              </div>
            );
          })}
        </div>
      </fieldset>
      <fieldset>
        <legend>Results page</legend>
        <label className="row">
          <input
            type="checkbox"
            checked={settings.showBadges}
            data-testid="show-badges"
            onChange={(event) => {
              const showBadges = event.currentTarget.checked;
              void onChange((s) => ({ ...s, showBadges }));
            }}
          />
          Show a trust badge beside each result, and mark results the check found contradicted
        </label>
      </fieldset>
    </section>
  );
}
