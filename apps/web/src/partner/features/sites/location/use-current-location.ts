import { useCallback, useState } from 'react';
import { roundCoordinate } from './graticule';

export type LocateState =
  | { kind: 'idle' }
  | { kind: 'locating' }
  | { kind: 'found'; accuracyM: number }
  | { kind: 'error'; message: string };

/** Why the browser gave no position, in words an owner standing at the site can act on. */
export function locateErrorMessage(code: number): string {
  if (code === 1)
    return 'Location permission was refused. Allow location for this site in your browser, or type the coordinates.';
  if (code === 3)
    return 'Finding your location took too long. Move to open sky and try again, or type the coordinates.';
  return 'Your location is not available right now. Try again, or type the coordinates.';
}

/**
 * "Use my current location": an owner stands at the site with a phone. High accuracy (GPS), a fresh fix
 * (no cached position from elsewhere), and a timeout so the wait always ends.
 */
export function useCurrentLocation(onFound: (lat: number, lng: number) => void) {
  const [state, setState] = useState<LocateState>({ kind: 'idle' });
  const available = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  const locate = useCallback(() => {
    if (!available) {
      setState({
        kind: 'error',
        message: 'This browser cannot tell its location. Type the coordinates instead.',
      });
      return;
    }
    setState({ kind: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        onFound(roundCoordinate(pos.coords.latitude), roundCoordinate(pos.coords.longitude));
        setState({ kind: 'found', accuracyM: Math.round(pos.coords.accuracy) });
      },
      (err) => setState({ kind: 'error', message: locateErrorMessage(err.code) }),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  }, [available, onFound]);
  return { state, locate };
}
