import { BarChart } from '@mantine/charts';
import type { ActivityPoint } from '../activity-rules';

interface ActivityChartProps {
  points: readonly ActivityPoint[];
  labels: { sent: string; bookings: string; chart: string };
  number: (value: number) => string;
}

// Messages sent and bookings attributed per day or month. Loaded on its own (React.lazy): the
// chart library must not hold the cards back.
export function ActivityChart({ points, labels, number }: ActivityChartProps) {
  return (
    <div role="img" aria-label={labels.chart} style={{ minWidth: 0 }}>
      <BarChart
        h={240}
        data={[...points]}
        dataKey="label"
        series={[
          { name: 'sent', label: labels.sent, color: 'blue.6' },
          { name: 'bookings', label: labels.bookings, color: 'teal.6' },
        ]}
        valueFormatter={number}
        withLegend
        maxBarWidth={24}
        yAxisProps={{ allowDecimals: false, width: 48 }}
        data-testid="dashboard-activity-chart"
      />
    </div>
  );
}
