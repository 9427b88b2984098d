import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

export type ChartSeries = { label: string; color: string; values: readonly number[] };

/**
 * A small line chart of daily values on uPlot (canvas; ~50 kB, fast on thousands of points, kept up to date): one x
 * per day, one line per series, sized to its container. Loaded only with the dashboard, inside the console chunk.
 */
export function DashboardChart({
  title,
  days,
  series,
  format,
  xLabel,
  testId,
}: {
  title: string;
  /** The legend's name of the x values (the day). */
  xLabel: string;
  /** YYYY-MM-DD, oldest first. */
  days: readonly string[];
  series: readonly ChartSeries[];
  format: (value: number) => string;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const width = () => Math.max(280, el.clientWidth);
    const plot = new uPlot(
      {
        width: width(),
        height: 220,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { x: { time: true } },
        axes: [
          { values: (_u, splits) => splits.map((s) => new Date(s * 1000).toISOString().slice(5, 10)) },
          { values: (_u, splits) => splits.map((s) => format(s)), size: 96 },
        ],
        series: [
          { label: xLabel, value: (_u, v) => (v === null ? '' : new Date(v * 1000).toISOString().slice(0, 10)) },
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            points: { show: true },
            value: (_u: uPlot, v: number | null) => (v === null ? '' : format(v)),
          })),
        ],
      },
      [xs, ...series.map((s) => [...s.values])],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series, format, xLabel]);
  return (
    <figure className="dash-chart" data-testid={testId}>
      <figcaption className="dash-chart__title">{title}</figcaption>
      <div ref={box} className="dash-chart__plot" />
    </figure>
  );
}

export default DashboardChart;
