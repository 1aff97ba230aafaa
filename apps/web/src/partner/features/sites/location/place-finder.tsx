import { Search } from '@mui/icons-material';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { TextInput } from '../../../../components/text-input';
import { centreFor, distanceKm, findPlace, formatKm, pinCentre } from '../../../../lib/geo/gazetteer';

/** A pin closer than this to the place found is kept (a PIN area spans a few km in a city). */
const KEEP_WITHIN_KM = 3;

/**
 * "Find a place" above the picker's map (issue 22): an address or a PIN code typed here puts the pin close
 * to it from the offline gazetteer, then the owner drags it onto the exact spot. Under the map, the pin's
 * distance from the city centre and from its PIN area's centre, as a sanity check (a pin 35 km out of town
 * is usually a slip).
 */
export function PlaceFinder({
  city,
  pin,
  point = null,
  onFound,
  onKept,
}: {
  city: string;
  pin: string;
  /** The pin as it is now: a point the owner set is better than the centre of a PIN area around it. */
  point?: [number, number] | null;
  onFound(lat: number, lng: number): void;
  /** The pin stays (it is already in the place found): the map shows it. */
  onKept?(): void;
}) {
  const [text, setText] = useState('');
  const [status, setStatus] = useState<{ severity: 'info' | 'warning'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const find = async () => {
    const query = text.trim() || [city, pin].filter(Boolean).join(' ');
    if (!query) {
      setStatus({ severity: 'warning', text: 'Type an address with its PIN code, or a city.' });
      return;
    }
    setBusy(true);
    const place = await findPlace(query).catch(() => null);
    setBusy(false);
    if (!place) {
      setStatus({
        severity: 'warning',
        text: 'No PIN code or large city found in that text. Add the 6-digit PIN code, or click the map.',
      });
      return;
    }
    // A pin already in the place found (a site's stored point, a drag, the phone's location) is a better
    // point than the centre of that PIN area or city: it stays, and the map shows it.
    if (point && distanceKm({ lat: point[0], lng: point[1] }, place) <= KEEP_WITHIN_KM) {
      onKept?.();
      setStatus({
        severity: 'info',
        text: `Your pin is already in ${place.label} (${formatKm(distanceKm({ lat: point[0], lng: point[1] }, place))} from its centre), so it stays where it is. Drag it if it is not on the site.`,
      });
      return;
    }
    onFound(Number(place.lat.toFixed(6)), Number(place.lng.toFixed(6)));
    setStatus({
      severity: 'info',
      text: `Pin placed at the centre of ${place.label}. Drag it onto the site.`,
    });
  };
  return (
    <Box sx={{ mt: 1, mb: 1.5 }}>
      {/* Not a form: it sits inside the site form, where Enter here must search, not save the site. */}
      <Box
        role="search"
        aria-label="Find a place on the map"
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
      >
        <TextInput
          size="small"
          label="Find a place (address or PIN code)"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void find();
            }
          }}
          helperText="Empty: the city and PIN code entered above"
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Button variant="outlined" onClick={() => void find()} disabled={busy} startIcon={<Search />}>
          {busy ? 'Finding…' : 'Find'}
        </Button>
      </Box>
      {status ? (
        <Alert severity={status.severity} sx={{ mt: 1 }} role="status">
          {status.text}
        </Alert>
      ) : null}
    </Box>
  );
}

/** "12.3 km from the centre of Mumbai · 800 m from the centre of PIN 400069", live under the map. */
export function DistanceCheck({
  point,
  city,
  pin,
}: {
  point: [number, number] | null;
  city: string;
  pin: string;
}) {
  const [pinKm, setPinKm] = useState<number | null>(null);
  const lat = point?.[0];
  const lng = point?.[1];
  useEffect(() => {
    setPinKm(null);
    if (lat === undefined || lng === undefined || !/^\d{6}$/.test(pin)) return;
    let live = true;
    void pinCentre(pin).then((c) => {
      if (live && c) setPinKm(distanceKm({ lat, lng }, c));
    });
    return () => {
      live = false;
    };
  }, [lat, lng, pin]);
  if (lat === undefined || lng === undefined) return null;
  const centre = centreFor({ lat, lng }, city);
  const far = centre.km > 30 || (pinKm !== null && pinKm > 10);
  return (
    <Typography
      variant="body2"
      color={far ? 'warning.dark' : 'text.secondary'}
      sx={{ mt: 1 }}
      aria-live="polite"
      data-testid="distance-check"
    >
      {formatKm(centre.km)} from the centre of {centre.label}
      {pinKm !== null ? ` · ${formatKm(pinKm)} from the centre of PIN ${pin}` : ''}
      {far ? '. Is the pin in the right place?' : ''}
    </Typography>
  );
}
