import type { Settings, Trigger } from '@/lib/core/settings';
import { CHECK_LIMITS } from '@/lib/runs/rate-limit';
import { ADAPTERS } from '@/lib/serp/registry';
import { CustomEngines } from './CustomEngines';

const TRIGGERS: { value: Trigger; label: string }[] = [
  { value: 'manual', label: 'Only when I press Check' },
  { value: 'questions', label: 'Automatically for searches that look like questions' },
  { value: 'automatic', label: 'Automatically for every search' },
];

export function GeneralSettings({
  settings,
  onChange,
}: {
  settings: Settings;
  onChange: (change: (current: Settings) => Settings) => Promise<void>;
}) {
  return (
    <section aria-labelledby="general-heading">
      <h2 id="general-heading">When to check</h2>
      <fieldset>
        <legend>Run a check</legend>
        {TRIGGERS.map((trigger) => (
          <label key={trigger.value} className="row">
            <input
              type="radio"
              name="trigger"
              value={trigger.value}
              checked={settings.trigger === trigger.value}
              onChange={() => void onChange((s) => ({ ...s, trigger: trigger.value }))}
            />
            {trigger.label}
          </label>
        ))}
        <p className="muted small" data-testid="check-limits">
          Automatic checks, and checks of a search instance you added, run at most {CHECK_LIMITS.perTabPerMinute} a
          minute per tab and {CHECK_LIMITS.perHour} an hour, so that no page can run the model (or spend your key) by
          itself. Checks you start on a built-in engine are not limited.
        </p>
      </fieldset>
      <fieldset>
        <legend>Search engines</legend>
        {ADAPTERS.map((adapter) => (
          <label key={adapter.engine} className="row">
            <input
              type="checkbox"
              checked={!settings.disabledEngines.includes(adapter.engine)}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                void onChange((s) => ({
                  ...s,
                  disabledEngines: on
                    ? s.disabledEngines.filter((engine) => engine !== adapter.engine)
                    : [...s.disabledEngines, adapter.engine],
                }));
              }}
            />
            {adapter.label}
          </label>
        ))}
      </fieldset>
      <CustomEngines engines={settings.customEngines} onChange={onChange} />
    </section>
  );
}
