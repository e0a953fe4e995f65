import 'uplot/dist/uPlot.min.css';
import uPlot from 'uplot';

export interface MonthlySeries {
  label: string;
  values: number[];
  color: string;
  bars?: boolean;
}

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/**
 * A chart of figures over months, drawn with uPlot (a canvas chart of ~50 KB, loaded by the reports page
 * only). Returns a function that removes it. The x axis is the month index; labels are the months.
 */
export function drawMonthlyChart(
  container: HTMLElement,
  months: string[],
  series: MonthlySeries[],
  currency: string,
): () => void {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 });
  const xs = months.map((_, index) => index);
  const barCount = series.filter((entry) => entry.bars).length;
  let barIndex = 0;
  const width = () => Math.max(280, Math.min(container.clientWidth || 600, 900));
  const plot = new uPlot(
    {
      width: width(),
      height: 260,
      scales: { x: { time: false, range: [-0.6, months.length - 0.4] } },
      axes: [
        {
          values: (_chart, ticks) =>
            ticks.map((tick) => (Number.isInteger(tick) && months[tick] ? monthLabel(months[tick]) : '')),
          space: 40,
          stroke: '#333',
        },
        { values: (_chart, ticks) => ticks.map((tick) => format.format(tick)), size: 80, stroke: '#333' },
      ],
      series: [
        {
          label: 'Month',
          value: (_chart, index) => (index === null || months[index] === undefined ? '' : monthLabel(months[index])),
        },
        ...series.map((entry) => {
          // Two bar series stand side by side: the first left of the month's tick, the second right of it.
          const align = (barCount === 2 ? (barIndex++ === 0 ? -1 : 1) : 0) as -1 | 0 | 1;
          return {
            label: entry.label,
            stroke: entry.color,
            fill: entry.bars ? entry.color : undefined,
            width: entry.bars ? 0 : 2,
            value: (_chart: uPlot, value: number | null) => (value === null ? '—' : format.format(value)),
            paths: entry.bars ? uPlot.paths.bars!({ size: [barCount === 2 ? 0.35 : 0.6, 80], align }) : undefined,
            points: { show: !entry.bars },
          };
        }),
      ],
    },
    [xs, ...series.map((entry) => entry.values)] as uPlot.AlignedData,
    container,
  );
  const resize = () => plot.setSize({ width: width(), height: 260 });
  addEventListener('resize', resize);
  return () => {
    removeEventListener('resize', resize);
    plot.destroy();
  };
}
