import { useSearchParams } from 'react-router';
import { nextOperationsSearch, readOperationsView, type OperationsPatch } from '../../operations-rules';

// The filters and the order of "All operations" in the address (SPEC 5): a reload, a link and
// back/forward show the same list. Typed sums replace the entry instead of adding one per key.
export function useOperationsView(today: string) {
  const [params, setParams] = useSearchParams();
  const view = readOperationsView(params, today);
  const update = (patch: OperationsPatch, replace = false) =>
    setParams(
      // The address itself, not the last render's parameters: two quick changes keep both.
      () => nextOperationsSearch(new URLSearchParams(window.location.search), patch, today),
      { replace },
    );
  return { view, update };
}
