import { createTheme, type CSSVariablesResolver } from '@mantine/core';

// Darker shades than Mantine's defaults so that links, buttons and secondary text meet the
// WCAG AA contrast ratio (4.5:1) on white; focus rings always visible for keyboard users.
export const theme = createTheme({
  focusRing: 'always',
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 5 },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-placeholder': 'var(--mantine-color-gray-7)' },
  dark: {},
});
