import { Button } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Link } from 'react-router';

// Beside a saved item's editor title: the way to its statistics.
export function EditorStatsLink({ to, label }: { to: string; label: string }) {
  return (
    <Button
      component={Link}
      to={to}
      variant="light"
      leftSection={<IconChartBar size={16} aria-hidden />}
      data-testid="editor-stats-link"
    >
      {label}
    </Button>
  );
}
