import { useEffect, useRef } from 'react';
import { useCurrency, useMoney } from '#app/components/ui/price.tsx';
import type { SalesDay } from '#app/domain/orders/admin-orders.view.ts';
import { minorUnit } from '#app/domain/pricing/money.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { intlLocale } from '#app/lib/locale.ts';

/** The plot's height; the box keeps it before the script draws, so nothing below moves. */
export const CHART_HEIGHT = 240;
// Contrast on white: bars 5.2:1, axis text 10:1, grid lines only decorate.
const BAR = '#2563eb';
const AXIS = '#374151';
const GRID = '#e5e7eb';

const dayMonth = (day: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );

/** What the chart shows in one sentence: its accessible name. */
export function useChartSummary(days: SalesDay[]): string {
  const { t, locale } = useI18n();
  const money = useMoney();
  const total = days.reduce((sum, d) => sum + d.gross, 0);
  if (total === 0) return t('admin.dash.chart_empty');
  const best = days.reduce((top, d) => (d.gross > top.gross ? d : top), days[0]!);
  return t('admin.dash.chart_label', {
    total: money(total),
    max: money(best.gross),
    day: dayMonth(best.day, intlLocale(locale)),
  });
}

/**
 * Revenue per day as bars. The server renders an empty box of the plot's height; uPlot is
 * loaded in the browser only, so neither the storefront nor the admin's first chunk carry it.
 */
export function RevenueChart({ days, summary: given }: { days: SalesDay[]; summary?: string }) {
  const { locale } = useI18n();
  const currency = useCurrency();
  const dashboardSummary = useChartSummary(days);
  // Another page (the reports) names its own range in the chart's accessible name.
  const summary = given ?? dashboardSummary;
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let cancelled = false;
    let cleanup = () => {};
    void import('uplot').then(({ default: uPlot }) => {
      const el = box.current;
      if (cancelled || !el) return;
      const tag = intlLocale(locale);
      const axisMoney = new Intl.NumberFormat(tag, {
        style: 'currency',
        currency,
        maximumFractionDigits: 0,
      });
      const scale = 10 ** minorUnit(currency);
      const xs = days.map((_, i) => i);
      const ys = days.map((d) => d.gross / scale);
      const font = '12px system-ui, sans-serif';
      const plot = new uPlot(
        {
          width: el.clientWidth,
          height: CHART_HEIGHT,
          legend: { show: false },
          cursor: { show: false },
          scales: {
            x: { time: false, range: [-0.6, days.length - 0.4] },
            y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 10] },
          },
          axes: [
            {
              stroke: AXIS,
              font,
              grid: { show: false },
              ticks: { stroke: GRID },
              space: 56,
              incrs: [1, 2, 3, 7, 14],
              values: (_u, splits) =>
                splits.map((i) => {
                  const day = days[i];
                  return day && Number.isInteger(i)
                    ? new Intl.DateTimeFormat(tag, {
                        day: 'numeric',
                        month: 'short',
                        timeZone: 'UTC',
                      }).format(new Date(`${day.day}T12:00:00Z`))
                    : '';
                }),
            },
            {
              stroke: AXIS,
              font,
              size: 72,
              grid: { stroke: GRID, width: 1 },
              ticks: { show: false },
              values: (_u, splits) => splits.map((v) => axisMoney.format(v)),
            },
          ],
          series: [
            {},
            {
              stroke: BAR,
              fill: BAR,
              width: 0,
              points: { show: false },
              paths: uPlot.paths.bars!({ size: [0.7, 28], align: 0 }),
            },
          ],
        },
        [xs, ys],
        el,
      );
      const canvas = el.querySelector('canvas');
      canvas?.setAttribute('role', 'img');
      canvas?.setAttribute('aria-label', summary);
      const resize = new ResizeObserver(() => {
        if (el.clientWidth > 0) plot.setSize({ width: el.clientWidth, height: CHART_HEIGHT });
      });
      resize.observe(el);
      cleanup = () => {
        resize.disconnect();
        plot.destroy();
      };
    });
    return () => {
      cancelled = true;
      cleanup();
    };
  }, [days, locale, currency, summary]);
  return (
    <div
      ref={box}
      className="admin-chart-plot"
      style={{ height: CHART_HEIGHT }}
      data-summary={summary}
    />
  );
}
