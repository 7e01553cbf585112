import { DEFAULT_THEME, createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * Mantine's green, orange and yellow stay below the WCAG AA contrast ratio (4.5:1) at the shade
 * filled and outline badges and buttons use (8 here): white on green.8 is 3.4:1, orange.8 on white
 * 3.6:1. Their dark shades (7 to 9) are replaced by darker tones of the same hue, each at least
 * 4.5:1 against white, so state badges (final, correcting) and warning buttons are readable.
 */
function withDarkShades(color: 'green' | 'orange' | 'yellow', dark: [string, string, string]): MantineColorsTuple {
  const base = DEFAULT_THEME.colors[color];
  return [base[0], base[1], base[2], base[3], base[4], base[5], base[6], ...dark] as unknown as MantineColorsTuple;
}

export const ACCESSIBLE_COLORS = {
  green: withDarkShades('green', ['#15803d', '#1f7a34', '#166534']),
  orange: withDarkShades('orange', ['#c2410c', '#b23c0c', '#9a3412']),
  yellow: withDarkShades('yellow', ['#a16207', '#9a5b06', '#854d0e']),
};

// Darker shades than Mantine's defaults so that links, buttons and secondary text meet the
// WCAG AA contrast ratio (4.5:1) on white; focus rings always visible for keyboard users.
export const theme = createTheme({
  focusRing: 'always',
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 5 },
  colors: ACCESSIBLE_COLORS,
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-placeholder': 'var(--mantine-color-gray-7)' },
  dark: {},
});
