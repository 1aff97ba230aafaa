import { createTheme, responsiveFontSizes } from '@mui/material/styles';

/** The one theme: deep indigo with saffron accents; Inter, self-hosted (app/fonts.css). */
export const theme = responsiveFontSizes(
  createTheme({
    palette: {
      primary: { main: '#0b3d91', contrastText: '#ffffff' },
      // Dark enough for white button text to pass WCAG AA (4.9:1); #e8710a was 3.1:1 and failed axe.
      secondary: { main: '#b85400', contrastText: '#ffffff' },
      success: { main: '#1b7f3b' },
      error: { main: '#c62828' },
      background: { default: '#f6f7fb', paper: '#ffffff' },
      text: { primary: '#1a2233', secondary: '#4a5568' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: '"Inter", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      h1: { fontWeight: 800 },
      h2: { fontWeight: 800 },
      h3: { fontWeight: 700 },
      h4: { fontWeight: 700 },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 700 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiCard: { defaultProps: { elevation: 0 }, styleOverrides: { root: { border: '1px solid #e3e7ef' } } },
    },
  }),
);
