import type { AdminDashboard } from '@netkart/contract';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { formatPrice } from '@/lib/money';

// Only the pieces this chart draws, so the rest of chart.js stays out of the bundle.
Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

type Day = AdminDashboard['days'][number];

const dayLabel = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** '20 Nov' for the day '2026-11-20'. */
export const formatDay = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));
/** ₹1.2L, ₹45K: the revenue axis stays narrow on a phone. */
const compactRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  maximumFractionDigits: 1,
});

const BRAND = '#4f46e5';
const REVENUE = '#0f766e';

/**
 * The last 30 days: a bar of paid orders and a line of revenue, each on its own axis. The same
 * figures are in a table for screen readers; the canvas only draws when the browser can.
 */
export function FiguresChart({ days }: { days: Day[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const chart = new Chart(context, {
      data: {
        labels: days.map((day) => formatDay(day.day)),
        datasets: [
          {
            type: 'bar',
            label: 'Paid orders',
            data: days.map((day) => day.orders),
            backgroundColor: `${BRAND}99`,
            borderColor: BRAND,
            yAxisID: 'orders',
            order: 2,
          },
          {
            type: 'line',
            label: 'Revenue',
            data: days.map((day) => day.revenue),
            borderColor: REVENUE,
            backgroundColor: REVENUE,
            pointRadius: 2,
            tension: 0.25,
            yAxisID: 'revenue',
            order: 1,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        plugins: {
          legend: { position: 'bottom', labels: { boxWidth: 12 } },
          tooltip: {
            callbacks: {
              label: (item) =>
                item.dataset.yAxisID === 'revenue'
                  ? `Revenue: ${formatPrice(Number(item.raw))}`
                  : `Paid orders: ${String(item.raw)}`,
            },
          },
        },
        scales: {
          x: { ticks: { autoSkip: true, maxTicksLimit: 8, maxRotation: 0 }, grid: { display: false } },
          orders: {
            type: 'linear',
            position: 'left',
            beginAtZero: true,
            ticks: { precision: 0, maxTicksLimit: 6 },
            title: { display: true, text: 'Orders' },
          },
          revenue: {
            type: 'linear',
            position: 'right',
            beginAtZero: true,
            grid: { drawOnChartArea: false },
            ticks: { maxTicksLimit: 6, callback: (value) => compactRupees.format(Number(value)) },
            title: { display: true, text: 'Revenue' },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [days]);

  const first = days[0];
  const last = days.at(-1);
  const span = first && last ? `${formatDay(first.day)} to ${formatDay(last.day)}` : '';
  return (
    <figure className="space-y-2">
      <div className="relative h-64 w-full sm:h-72">
        <canvas
          ref={canvas}
          role="img"
          aria-label={`Paid orders and revenue each day, ${span}. The table below has the same figures.`}
        />
      </div>
      {/* A table ignores the 1px box of sr-only: its wrapper clips it, so a phone never scrolls sideways. */}
      <div className="sr-only">
        <table>
          <caption>Paid orders and revenue each day, {span}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Paid orders</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{formatDay(day.day)}</th>
                <td>{day.orders}</td>
                <td>{formatPrice(day.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
