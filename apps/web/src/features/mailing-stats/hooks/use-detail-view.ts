import { useSearchParams } from 'react-router';
import { nextDetailSearch, readDetailView, type DetailPatch } from '../detail-filter-rules';

// The detail page's state in the address, like the table's: filters and paging survive a reload
// and back/forward. Typing in the phone search replaces the entry instead of adding one per pause.
export function useDetailView() {
  const [params, setParams] = useSearchParams();
  const view = readDetailView(params);
  const update = (patch: DetailPatch, replace = false) =>
    setParams(
      () => {
        // React Router hands the updater the last render's parameters: two changes before a render
        // would drop the first. The address itself is always the latest.
        const current = new URLSearchParams(window.location.search);
        return nextDetailSearch(current, readDetailView(current), patch);
      },
      { replace },
    );
  return { view, update };
}
