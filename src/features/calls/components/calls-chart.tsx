import { useEffect, useRef } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { CallStats } from "../../../../contract/calls.ts";

const BRAND = "#4f46e5";
const GRID = "#e2e8f0";
const TICKS = "#64748b";

/** A calendar day, "2026-11-23", as a Date Intl can format in UTC without shifting it. */
const dayDate = (day: string) => new Date(`${day}T12:00:00Z`);

/**
 * Calls per day of the chosen period as a small bar chart. Chart.js is loaded here, with
 * only the parts a bar chart needs, so no other screen downloads it. Screen readers get a
 * summary and the numbers as a table.
 */
export function CallsChart({ stats }: { stats: CallStats }) {
  const intl = useIntl();
  const canvas = useRef<HTMLCanvasElement>(null);
  const { days } = stats;
  const week = days.length <= 7;
  const label = (day: string) =>
    intl.formatDate(dayDate(day), week ? { weekday: "short", day: "numeric", timeZone: "UTC" } : { day: "numeric", month: "numeric", timeZone: "UTC" });
  const fullDate = (day: string) => intl.formatDate(dayDate(day), { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
  const max = Math.max(...days.map((day) => day.calls));
  const summary = intl.formatMessage(
    { id: "calls.chart.summary" },
    { start: fullDate(days[0]!.date), end: fullDate(days[days.length - 1]!.date), total: stats.total_calls, max },
  );

  const labels = days.map((day) => label(day.date));
  const titles = days.map((day) => fullDate(day.date));
  const counts = days.map((day) => day.calls);
  const tooltip = (count: number) => intl.formatMessage({ id: "calls.chart.tooltip" }, { count });
  const key = JSON.stringify([labels, counts]);

  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    void import("../chart-setup.ts").then(({ Chart }) => {
      if (cancelled || !canvas.current) return;
      const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
      chart = new Chart(canvas.current, {
        type: "bar",
        data: { labels, datasets: [{ data: counts, backgroundColor: BRAND, borderRadius: 4, maxBarThickness: 28 }] },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: still ? false : { duration: 300 },
          plugins: {
            tooltip: {
              displayColors: false,
              callbacks: { title: (items) => titles[items[0]?.dataIndex ?? 0] ?? "", label: (item) => tooltip(Number(item.raw)) },
            },
          },
          scales: {
            x: { grid: { display: false }, ticks: { color: TICKS, autoSkipPadding: 8, maxRotation: 0 } },
            y: { beginAtZero: true, border: { display: false }, grid: { color: GRID }, ticks: { color: TICKS, precision: 0, maxTicksLimit: 4 } },
          },
        },
      });
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
    // Redrawn when the days, their counts or the language change; the closures read the same values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, intl.locale]);

  return (
    <figure className="mt-3 px-1">
      <figcaption className="mb-1 text-sm font-medium text-slate-700">
        <FormattedMessage id="calls.chart.title" />
      </figcaption>
      <div className="relative h-36">
        <canvas ref={canvas} role="img" aria-label={summary}>
          {summary}
        </canvas>
      </div>
      <table className="sr-only">
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="calls.chart.day" />
            </th>
            <th scope="col">
              <FormattedMessage id="calls.chart.calls" />
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((day, index) => (
            <tr key={day.date}>
              <td>{titles[index]}</td>
              <td>{day.calls}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
