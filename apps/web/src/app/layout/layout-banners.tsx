import { useAccounts } from '../../shared/accounts/accounts-query';
import { useCurrentBranch } from '../../shared/accounts/use-current-branch';
import { NoticeArea } from '../../shared/ui/notice-area';
import { HeaderInfoBanner } from '../../features/accounts/components/header-info-banner';
import { NoWhatsAppWarning } from '../../features/accounts/components/no-whatsapp-warning';
import { PartnerBanner } from '../../features/accounts/components/partner-banner';
import { TelegramBanner } from '../../features/accounts/components/telegram-banner';
import { WaBlockedModal } from '../../features/wa-blocked/components/wa-blocked-modal';
import { useCurrentRoute } from '../router/use-current-route';

// Banners above the page (SPEC 2 "Other elements"); each one decides itself whether it shows.
export function LayoutBanners() {
  const { data: accounts } = useAccounts();
  const branch = useCurrentBranch();
  const route = useCurrentRoute();
  return (
    <NoticeArea>
      <HeaderInfoBanner />
      {branch && route.branch === 'required' && (
        <>
          <NoWhatsAppWarning branch={branch} />
          <TelegramBanner branch={branch} />
          <WaBlockedModal />
        </>
      )}
      {accounts && route.partner && <PartnerBanner banners={accounts.banners} branch={branch} />}
    </NoticeArea>
  );
}
