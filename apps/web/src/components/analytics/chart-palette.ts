import { useDarkMode } from '../../lib/theme.ts';

/** Seven slice colours per theme, each with at least 3:1 contrast against the card. */
const SLICES_LIGHT = ['#4f46e5', '#0891b2', '#d97706', '#db2777', '#059669', '#7c3aed', '#dc2626'];
const SLICES_DARK = ['#818cf8', '#22d3ee', '#fbbf24', '#f472b6', '#34d399', '#c4b5fd', '#f87171'];

export type ChartPalette = {
  primary: string;
  secondary: string;
  grid: string;
  axis: string;
  tooltipBackground: string;
  tooltipBorder: string;
  tooltipText: string;
  slices: readonly string[];
};

const LIGHT: ChartPalette = {
  primary: '#4f46e5',
  secondary: '#64748b',
  grid: '#e2e8f0',
  axis: '#475569',
  tooltipBackground: '#ffffff',
  tooltipBorder: '#cbd5e1',
  tooltipText: '#0f172a',
  slices: SLICES_LIGHT,
};

const DARK: ChartPalette = {
  primary: '#818cf8',
  secondary: '#94a3b8',
  grid: '#1e293b',
  axis: '#cbd5e1',
  tooltipBackground: '#0f172a',
  tooltipBorder: '#334155',
  tooltipText: '#f1f5f9',
  slices: SLICES_DARK,
};

/** Chart colours for the current theme (SVG attributes cannot read Tailwind's dark variant). */
export function useChartPalette(): ChartPalette {
  return useDarkMode().dark ? DARK : LIGHT;
}

export function tooltipStyles(palette: ChartPalette) {
  return {
    contentStyle: {
      background: palette.tooltipBackground,
      border: `1px solid ${palette.tooltipBorder}`,
      borderRadius: 8,
      color: palette.tooltipText,
      fontSize: 13,
    },
    labelStyle: { color: palette.tooltipText, fontWeight: 600 },
    itemStyle: { color: palette.tooltipText },
  };
}

const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const LONG_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'YYYY-MM-DD' (a UTC day) as 'Mar 2'. */
export function shortDate(day: string): string {
  return SHORT_DATE.format(new Date(`${day}T00:00:00Z`));
}

/** 'YYYY-MM-DD' (a UTC day) as 'Mar 2, 2024'. */
export function longDate(day: string): string {
  return LONG_DATE.format(new Date(`${day}T00:00:00Z`));
}
