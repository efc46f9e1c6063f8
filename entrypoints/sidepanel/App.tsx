import { useState } from 'react';
import { browser } from 'wxt/browser';
import { HistoryView } from '@/components/panel/HistoryView';
import { LiveCheck } from '@/components/panel/LiveCheck';
import { PanelNav, type PanelTab, tabId as tabElementId, tabPanelId } from '@/components/panel/PanelNav';
import { ReopenedCheck } from '@/components/panel/ReopenedCheck';
import { ReviewQueue } from '@/components/panel/ReviewQueue';
import { useActiveTab } from '@/hooks/useActiveTab';

/** `?check=<id>` reopens a past check directly (links from elsewhere, and tests). */
const initialCheck = new URLSearchParams(location.search).get('check');

export function App() {
  const tabId = useActiveTab();
  const [tab, setTab] = useState<PanelTab>(initialCheck ? 'history' : 'check');
  const [openId, setOpenId] = useState<string | null>(initialCheck);
  const openSettings = () => void browser.runtime.openOptionsPage();
  const select = (next: PanelTab) => {
    setTab(next);
    setOpenId(null);
  };

  return (
    <main className="panel">
      <PanelNav current={tab} onSelect={select} />
      <div role="tabpanel" id={tabPanelId(tab)} aria-labelledby={tabElementId(tab)}>
        {openId !== null ? (
          <ReopenedCheck id={openId} onBack={() => setOpenId(null)} />
        ) : tab === 'history' ? (
          <HistoryView onOpen={setOpenId} />
        ) : tab === 'review' ? (
          <ReviewQueue onOpen={setOpenId} />
        ) : tabId === null ? (
          <p className="muted">Loading…</p>
        ) : (
          <LiveCheck tabId={tabId} onOpenSettings={openSettings} />
        )}
      </div>
    </main>
  );
}
