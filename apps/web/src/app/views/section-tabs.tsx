import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/use-session';
import { useGuardContext } from '../guards/use-guard-context';
import { pathOf, withAccId, type RouteId, type TabSetId } from '../routes/route-table';
import { activeTabKey, visibleTabs, type TabRouteId } from '../routes/tab-sets';

// The tab strip of a section (SPEC 2 "Tab sets"); tabs the user may not open are left out.
export function SectionTabs({ set, current }: { set: TabSetId; current: RouteId }) {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const { accId } = useSession();
  const tabs = visibleTabs(set, useGuardContext());
  const active = activeTabKey(set, current);
  if (tabs.length < 2) return null;

  return (
    <Tabs
      value={active}
      onChange={(key) => {
        const tab = tabs.find((item) => item.key === key);
        if (tab) void navigate(withAccId(pathOf(tab.route), accId));
      }}
      keepMounted={false}
      mb="md"
    >
      <Tabs.List data-testid={`tabs-${set}`}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.key} value={tab.key} data-testid={`tab-${tab.route}`}>
            {t(`tabs.${tab.route as TabRouteId}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
