import type { ApiKeys, Settings } from '../core/settings';
import type { ModelHost } from '../llm/host/model-host';
import { apiKeysItem, settingsItem } from '../storage/items';
import type { VersionedItem } from '../storage/versioned-item';
import { type TrustStore, trustStore } from '../trust/store';
import { trustTrendItem, withTrustTrend } from '../trust/trend';
import type { EngineServices } from './services';
import { type TabSessionStore, tabSessionStore } from './session-budget';

/** What every part of the engine works with: the borrowed browser APIs and the stores built on them. */
export interface EngineContext {
  services: EngineServices;
  settings: VersionedItem<Settings>;
  apiKeys: VersionedItem<ApiKeys>;
  trust: TrustStore;
  models: ModelHost;
  /** Every write of a tab's keys in storage.session goes through it, within one budget for all tabs. */
  tabSession: TabSessionStore;
}

export function engineContext(services: EngineServices, models: ModelHost): EngineContext {
  return {
    services,
    settings: settingsItem(services.local),
    apiKeys: apiKeysItem(services.local),
    // Each change of the estimate also extends each site's trust-over-time line (lib/trust/trend.ts).
    trust: withTrustTrend(trustStore(services.local), trustTrendItem(services.local)),
    models,
    tabSession: tabSessionStore(services.session),
  };
}
