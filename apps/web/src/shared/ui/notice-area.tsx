import type { ReactNode } from 'react';
import classes from './notice-area.module.css';

// The one place notices stack above a page: tight one-line rows, gone entirely when all are hidden.
export function NoticeArea({ children }: { children: ReactNode }) {
  return (
    <div className={classes.area} data-testid="notice-area">
      {children}
    </div>
  );
}
