import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { TDashboard } from '../../../../shared/schemas/dashboard';
import type { OwnerMessages } from '../../../../shared/i18n/owner';
import type { OwnerLocale } from '../../../../shared/rules/locales';
import { formatCalendarDay, formatCount, formatDecimal } from '../../../../shared/format';

/** Noon in Paris of a 'YYYY-MM-DD' day, in seconds (uPlot's time unit). */
const toSeconds = (day: string) => Date.parse(`${day}T12:00:00Z`) / 1000;
/** Half a day: the x axis runs from the first day's start to the last day's end, so edge bars are whole. */
const HALF_DAY = 12 * 3600;

/**
 * The 30-day chart drawn by uPlot (loaded with this module only): feedbacks per day as bars on the
 * left axis, the day's average rating as a line on a 1–5 right axis. Redrawn at the container width (and
 * in the owner's language: `m` and `locale` come from the card, this module is loaded on its own).
 */
export default function DailyChartCanvas({ daily, m, locale }: { daily: TDashboard['daily']; m: OwnerMessages; locale: OwnerLocale }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const data: uPlot.AlignedData = [daily.map((d) => toSeconds(d.day)), daily.map((d) => d.feedbacks), daily.map((d) => d.averageRating)];
    const day = (seconds: number) => formatCalendarDay(new Date(seconds * 1000), locale, 'short');
    const options: uPlot.Options = {
      width: element.clientWidth,
      height: 220,
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true, range: (_u, min, max) => [min - HALF_DAY, max + HALF_DAY] }, count: { range: (_u, _min, max) => [0, Math.max(4, max)] }, rating: { range: [0, 5] } },
      axes: [
        // Labels at least 64 px apart: on a phone every week or so, never overlapping.
        { space: 64, values: (_u, splits) => splits.map((s) => day(s)), stroke: '#57534e', grid: { stroke: '#e7e5e4' } },
        { scale: 'count', stroke: '#57534e', grid: { stroke: '#e7e5e4' }, values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? formatCount(s, locale) : '')) },
        { scale: 'rating', side: 1, stroke: '#b45309', grid: { show: false } },
      ],
      series: [
        { label: m.reviews_chart_day(), value: (_u, v) => (v == null ? '' : day(v)) },
        { label: m.reviews_chart_feedbacks(), scale: 'count', stroke: '#0f766e', fill: 'rgba(15,118,110,0.35)', paths: uPlot.paths.bars!({ size: [0.6, 24] }), points: { show: false } },
        { label: m.reviews_chart_average(), scale: 'rating', stroke: '#b45309', width: 2, spanGaps: true, value: (_u, v) => (v == null ? '–' : formatDecimal(v, 1, locale)) },
      ],
    };
    const plot = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: 220 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [daily, m, locale]);
  return <div ref={container} className="w-full" aria-hidden="true" data-testid="daily-chart-canvas" />;
}
