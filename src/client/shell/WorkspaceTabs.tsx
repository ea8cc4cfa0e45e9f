import type SlIconElement from '@shoelace-style/shoelace/dist/components/icon/icon.component.js';
import type SlMenuItemElement from '@shoelace-style/shoelace/dist/components/menu-item/menu-item.component.js';
import type SlTabGroupElement from '@shoelace-style/shoelace/dist/components/tab-group/tab-group.component.js';
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { useT } from '../kit/i18n';
import { session } from '../kit/session';
import { SlDropdown, SlIcon, SlIconButton, SlMenu, SlMenuItem, SlTab, SlTabGroup } from '../kit/sl';
import { menuIcon } from './menuIcon';
import { closeAllTabs, closeOtherTabs, closeTab, HOME_PATH, refreshActiveTab } from './navigation';

/**
 * A tab's close mark. Not Shoelace's `closable`: that puts a focusable button inside the tab, an interactive control
 * nested in another (axe "nested-interactive", issue 27.9). The mark is for the mouse; the keyboard closes the focused
 * tab with Delete, and the dropdown beside the tabs closes this one, the others or all. The click is caught before it
 * reaches the tab group (a native listener: React's own run after the group has shown the tab).
 */
function TabClose({ onClose }: { onClose: () => void }) {
  const ref = useRef<SlIconElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const mark = ref.current;
    if (!mark) return;
    const click = (event: Event) => {
      event.stopPropagation();
      close.current();
    };
    mark.addEventListener('click', click);
    return () => mark.removeEventListener('click', click);
  }, []);
  return <SlIcon ref={ref} name="x-lg" className="tab-close" data-testid="tab-close" />;
}

/** The card tabs above the main area, each with its close mark, and the close/refresh dropdown. */
export function WorkspaceTabs() {
  const t = useT();
  const [, setLocation] = useLocation();
  const { tabs, activeTab } = useSnapshot(session);
  const groupRef = useRef<SlTabGroupElement>(null);

  // The tab group keeps its own notion of the active tab; align it with the store after each change. (No
  // `active` prop on the tabs: the group reacts to that attribute by emitting sl-tab-show, which would race.)
  // The frame shows the store's active tab as it is then, never the one of an earlier render: showing a former tab
  // makes the group announce it, and the handler below would open its address again (after leaving the workspace
  // for an error page, the address of the screen that failed — and so on for ever).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the active tab and the tabs re-render the group and must re-sync it
  useEffect(() => {
    const group = groupRef.current;
    if (!group) return;
    const frame = requestAnimationFrame(() => group.show(session.activeTab));
    return () => cancelAnimationFrame(frame);
  }, [activeTab, tabs]);

  const onAction = (action: string) => {
    if (action === 'close') closeTab(activeTab);
    else if (action === 'others') closeOtherTabs();
    else if (action === 'all') closeAllTabs();
    else if (action === 'refresh') refreshActiveTab();
  };

  return (
    <div className="workspace-tabs">
      <SlTabGroup
        ref={groupRef}
        className="workspace-tab-group"
        onSlTabShow={(event) => {
          // Only a user's pick differs from the store: the group's own re-syncs echo the active tab and are ignored,
          // which keeps the route → store → group → route loop from ping-ponging.
          const name = event.detail.name;
          // A group taken out of the page (the workspace left for an error page) picks nothing.
          if (name !== session.activeTab && groupRef.current?.isConnected) setLocation(name);
        }}
      >
        {tabs.map((tab) => (
          <SlTab
            key={tab.name}
            slot="nav"
            panel={tab.name}
            // Delete closes the focused tab, as the close mark does with a click (see TabClose).
            onKeyDown={(event) => {
              if (event.key === 'Delete') closeTab(tab.name);
            }}
          >
            <SlIcon name={tab.name === HOME_PATH ? menuIcon(null, 'home') : menuIcon(tab.icon, 1)} className="tab-icon" />
            {tab.name === HOME_PATH ? t('shell.home') : tab.title}
            <TabClose onClose={() => closeTab(tab.name)} />
          </SlTab>
        ))}
      </SlTabGroup>
      <SlDropdown placement="bottom-end" hoist>
        <SlIconButton slot="trigger" name="chevron-down" label={t('shell.tabActions')} className="tab-actions" />
        <SlMenu onSlSelect={(event) => onAction((event.detail.item as SlMenuItemElement).value)}>
          <SlMenuItem value="close">
            <SlIcon slot="prefix" name="x-lg" />
            {t('shell.closeCurrent')}
          </SlMenuItem>
          <SlMenuItem value="others">
            <SlIcon slot="prefix" name="x-square" />
            {t('shell.closeOthers')}
          </SlMenuItem>
          <SlMenuItem value="all">
            <SlIcon slot="prefix" name="x-circle" />
            {t('shell.closeAll')}
          </SlMenuItem>
          <SlMenuItem value="refresh">
            <SlIcon slot="prefix" name="arrow-clockwise" />
            {t('shell.refreshCurrent')}
          </SlMenuItem>
        </SlMenu>
      </SlDropdown>
    </div>
  );
}
