import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import classes from './scroll-table.module.css';

interface ScrollTableProps {
  // Below this width the table scrolls sideways instead of squeezing its columns.
  minWidth: number;
  // Pins the first column while the rest scrolls (row labels such as a date or a name).
  stickyFirstColumn?: boolean;
  children: ReactNode;
}

interface Edges {
  left: boolean;
  right: boolean;
}

// The one wrapper of the cabinet's wide tables: a table cut at the edge shows a shadow there, so it
// is clear that it scrolls (a bare overflow container gives no sign at 1280 px).
export function ScrollTable({ minWidth, stickyFirstColumn = false, children }: ScrollTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<Edges>({ left: false, right: false });
  const [stickyWidth, setStickyWidth] = useState(0);

  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEdges((old) => (old.left === left && old.right === right ? old : { left, right }));
    if (stickyFirstColumn) {
      const first = el.querySelector('th:first-child, td:first-child');
      setStickyWidth(first instanceof HTMLElement ? first.offsetWidth : 0);
    }
  }, [stickyFirstColumn]);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    const table = el.firstElementChild;
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [measure]);

  return (
    <div
      className={classes.frame}
      style={{ ['--scroll-table-sticky-width' as string]: `${stickyWidth}px` }}
      data-scroll-left={edges.left}
      data-scroll-right={edges.right}
      data-testid="scroll-table"
    >
      <div
        ref={scroller}
        className={`${classes.scroller}${stickyFirstColumn ? ` ${classes.sticky}` : ''}`}
        onScroll={measure}
        // The scroll region is reachable by keyboard (arrow keys scroll it).
        tabIndex={edges.left || edges.right ? 0 : undefined}
      >
        <div style={{ minWidth }}>{children}</div>
      </div>
      <div className={`${classes.shadow} ${classes.left}`} style={{ opacity: edges.left ? 1 : 0 }} aria-hidden />
      <div className={`${classes.shadow} ${classes.right}`} style={{ opacity: edges.right ? 1 : 0 }} aria-hidden />
    </div>
  );
}
