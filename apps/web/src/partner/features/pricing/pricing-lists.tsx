import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import {
  formatBookingPeriod,
  formatRupees,
  type PartnerSitePage,
  type PricingPackage,
  type PricingRule,
} from '@ooh/shared';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { ruleText } from './rule-form';

type PartnerSite = PartnerSitePage['results'][number];

/** One kept rule or package with its Delete form (a plain form; once scripts run it asks first). */
function Row({
  intent,
  id,
  name,
  busy,
  children,
}: {
  intent: 'delete-rule' | 'delete-package';
  id: number;
  name: string;
  busy: boolean;
  children: ReactNode;
}) {
  const ask = (event: React.FormEvent) => {
    if (!window.confirm(`Delete ${name}? Orders already placed keep their prices.`)) event.preventDefault();
  };
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { sm: 'center' },
        gap: 1,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
        {children}
      </Box>
      <Form method="post" onSubmit={ask}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="name" value={name} />
        <Button type="submit" size="small" color="error" disabled={busy} aria-label={`Delete ${name}`}>
          Delete
        </Button>
      </Form>
    </Box>
  );
}

const siteNames = (ids: readonly number[], sites: ReadonlyMap<number, PartnerSite>) =>
  ids.map((id) => sites.get(id)?.name ?? `site #${id}`).join(', ');

function ListCard({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2">
          {title}
        </Typography>
        {empty ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {empty}
          </Typography>
        ) : null}
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {children}
        </Box>
      </CardContent>
    </Card>
  );
}

export function RuleList({
  rules,
  sites,
  busy,
}: {
  rules: readonly PricingRule[];
  sites: ReadonlyMap<number, PartnerSite>;
  busy: boolean;
}) {
  return (
    <ListCard
      id="rules-title"
      title="Your seasons and discounts"
      empty={rules.length ? null : 'None yet: every site is priced by its rate card alone.'}
    >
      {rules.map((rule) => (
        <Row key={rule.id} intent="delete-rule" id={rule.id} name={rule.name} busy={busy}>
          <Typography variant="body2" color="text.secondary">
            {ruleText(rule)}
          </Typography>
          {rule.product_ids ? (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              Sites: {siteNames(rule.product_ids, sites)}
            </Typography>
          ) : null}
        </Row>
      ))}
    </ListCard>
  );
}

export function PackageList({
  packages,
  sites,
  busy,
}: {
  packages: readonly PricingPackage[];
  sites: ReadonlyMap<number, PartnerSite>;
  busy: boolean;
}) {
  return (
    <ListCard id="packages-title" title="Your packages" empty={packages.length ? null : 'No packages yet.'}>
      {packages.map((pack) => (
        <Row key={pack.id} intent="delete-package" id={pack.id} name={pack.name} busy={busy}>
          <Typography variant="body2" color="text.secondary">
            {formatRupees(pack.price)} before GST for {formatBookingPeriod(pack.from_date, pack.to_date)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {pack.product_ids.length} sites: {siteNames(pack.product_ids, sites)}
          </Typography>
          {pack.notes ? (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {pack.notes}
            </Typography>
          ) : null}
        </Row>
      ))}
    </ListCard>
  );
}
