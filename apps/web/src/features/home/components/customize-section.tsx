import { ArrowForward } from '@mui/icons-material';
import { Box, Card, CardActionArea, CardContent, Grid, Stack, Typography } from '@mui/material';
import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { BridgeScene, DigitalBillboardScene, LampPostScene } from './media-illustrations';
import { SectionHeading } from './section-heading';

const KINDS: Array<{ title: string; text: string; Scene: ComponentType }> = [
  {
    title: 'Digital Billboard Advertising',
    text: 'Bright LED screens at busy junctions and malls. Change your creative any time, even by the hour.',
    Scene: DigitalBillboardScene,
  },
  {
    title: 'Lamp Post Advertising',
    text: 'Eye-level banner pairs repeated along a whole road: high frequency at a low daily price.',
    Scene: LampPostScene,
  },
  {
    title: 'Bridge Advertising',
    text: 'Wide panels on flyovers and foot-over bridges, seen by every lane of traffic passing under them.',
    Scene: BridgeScene,
  },
];

/** "Customize Your Own Campaigns": three media kinds, each opening /customize. */
export function CustomizeSection() {
  return (
    <section aria-labelledby="customize-heading">
      <SectionHeading
        id="customize-heading"
        title="Customize Your Own Campaigns"
        subtitle="Pick the sites yourself, set your dates and see the price as you go."
      />
      <Grid container spacing={3}>
        {KINDS.map(({ title, text, Scene }) => (
          <Grid key={title} size={{ xs: 12, md: 4 }}>
            <Card component="article" sx={{ height: '100%', overflow: 'hidden' }}>
              <CardActionArea
                component={RouterLink}
                to="/customize"
                sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
              >
                <Scene />
                <CardContent sx={{ flexGrow: 1 }}>
                  <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
                    {title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {text}
                  </Typography>
                  <Stack
                    direction="row"
                    spacing={0.5}
                    sx={{ mt: 2, color: 'primary.main', alignItems: 'center' }}
                  >
                    <Box component="span" sx={{ fontWeight: 600 }}>
                      Customize
                    </Box>
                    <ArrowForward fontSize="small" aria-hidden />
                  </Stack>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </section>
  );
}
