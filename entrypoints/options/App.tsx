import { BackendSettings } from '@/components/options/BackendSettings';
import { GeneralSettings } from '@/components/options/GeneralSettings';
import { MethodSettings } from '@/components/options/MethodSettings';
import { RecoveredData } from '@/components/options/RecoveredData';
import { TrustTable } from '@/components/options/TrustTable';
import { useSettings } from '@/hooks/useSettings';

export function App() {
  const [current, update] = useSettings();
  return (
    <main className="panel options">
      <h1>Fact check settings</h1>
      <RecoveredData />
      {current ? <GeneralSettings settings={current} onChange={update} /> : <p className="muted">Loading…</p>}
      {current && <BackendSettings settings={current} onChange={update} />}
      {current && <MethodSettings settings={current} onChange={update} />}
      <TrustTable />
    </main>
  );
}
